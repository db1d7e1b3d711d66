import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="not-found">
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link to="/">Go to Home</Link>
    </div>
  );
}

import { Link } from 'react-router';

export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="FilmRoom home">
      <span className="brand__logo" aria-hidden="true">
        <i className="pi pi-video" />
      </span>
      <span className="brand__name">FilmRoom</span>
    </Link>
  );
}

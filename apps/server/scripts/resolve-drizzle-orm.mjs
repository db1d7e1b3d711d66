// npm nests drizzle-orm under this workspace while drizzle-kit sits at the root; drizzle-kit's
// version check imports drizzle-orm, so resolve that import from this package instead.
import { register } from 'node:module';

const hooks = `
const parentURL = ${JSON.stringify(new URL('../package.json', import.meta.url).href)};
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, { ...context, parentURL });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url);

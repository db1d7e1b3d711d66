// The one cached test-film maker of the repo (shared with the browser tests and the benchmarks).
export {
  gameFilm,
  lyingHeaderFilm,
  scrambledFilm,
  stillFilm,
  trackingFilm,
  truncatedFilm,
} from '@filmroom/vision-lab/testing';

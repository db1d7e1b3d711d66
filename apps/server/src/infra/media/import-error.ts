import type { ImportErrorKind } from '@filmroom/contract';

/** A link import failed for a reason the user can act on; `kind` selects the message they see. */
export class ImportError extends Error {
  constructor(
    readonly kind: ImportErrorKind,
    detail: string,
  ) {
    super(detail);
    this.name = 'ImportError';
  }
}

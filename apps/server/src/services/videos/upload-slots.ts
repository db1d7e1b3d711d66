import { UploadMessages } from '@filmroom/contract';
import { AppError } from '../errors.js';

/**
 * How many uploads each user sends at once (multipart bodies and resumable creations and
 * PATCHes still receiving), in this process. A slot is freed when its request ends, however it
 * ends: finished, refused, cut short or closed for going quiet.
 */
export function createUploadSlots(maxPerUser: number) {
  const inUse = new Map<string, number>();
  return {
    /** Takes one of the user's slots, or throws 429 when all are taken; call the result to free it. */
    take(userId: string): () => void {
      const taken = inUse.get(userId) ?? 0;
      if (taken >= maxPerUser) throw new AppError(429, UploadMessages.tooManyAtOnce);
      inUse.set(userId, taken + 1);
      let freed = false;
      return () => {
        if (freed) return;
        freed = true;
        const left = (inUse.get(userId) ?? 1) - 1;
        if (left > 0) inUse.set(userId, left);
        else inUse.delete(userId);
      };
    },
    /** Slots the user holds now. */
    heldBy(userId: string): number {
      return inUse.get(userId) ?? 0;
    },
  };
}

export type UploadSlots = ReturnType<typeof createUploadSlots>;

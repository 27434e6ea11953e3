/** What a log or a request line shows of a cursor instead of the cursor: its digest. */
import { hash } from 'node:crypto';

/**
 * A fixed-size digest of a cursor (SHA-256 of its UTF-8, base64url, 43 characters): to compare cursors, or to name one
 * in a log. Node's one-shot `hash()` (Node 20.12+; the editor's host has it since VS Code 1.96): the page request of
 * every walk digests its cursor, so no Hash object is made per call.
 */
export function cursorDigest(cursor: string): string {
  return hash('sha256', cursor, 'base64url');
}

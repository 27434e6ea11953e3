/**
 * Opaque page-group cursors: base64url of `version.position.filter`, then an HMAC-SHA256 tag keyed by a secret that
 * belongs to one gateway instance. A cursor from another instance, with a changed byte, from another status filter
 * or from an older dataset version is rejected. The cursor holds the position, not the limit.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type CursorCheck =
  | { readonly ok: true; readonly position: number }
  | { readonly ok: false; readonly reason: string };

const TAG_BYTES = 16;

export class CursorCodec {
  private readonly secret: Buffer;

  public constructor(secret: Buffer = randomBytes(32)) {
    this.secret = secret;
  }

  /** `status` undefined = the unfiltered list. */
  public encode(position: number, status: string | undefined, version: number): string {
    const payload = Buffer.from(`${version}.${position}.${filterPart(status)}`, 'utf8');
    return `${payload.toString('base64url')}.${this.tag(payload).toString('base64url')}`;
  }

  public decode(cursor: string, status: string | undefined, version: number): CursorCheck {
    const dot = cursor.indexOf('.');
    if (dot <= 0 || dot !== cursor.lastIndexOf('.')) {
      return { ok: false, reason: 'cursor is not one this gateway issued' };
    }
    const payloadText = cursor.slice(0, dot);
    const tagText = cursor.slice(dot + 1);
    if (!/^[A-Za-z0-9_-]+$/.test(payloadText) || !/^[A-Za-z0-9_-]+$/.test(tagText)) {
      return { ok: false, reason: 'cursor is not one this gateway issued' };
    }
    const payload = Buffer.from(payloadText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    // Re-encoding must give the same text: rejects non-canonical base64url variants of a valid cursor.
    if (payload.toString('base64url') !== payloadText || tag.length !== TAG_BYTES || tag.toString('base64url') !== tagText) {
      return { ok: false, reason: 'cursor is not one this gateway issued' };
    }
    if (!timingSafeEqual(tag, this.tag(payload))) {
      return { ok: false, reason: 'cursor is not one this gateway issued' };
    }
    const match = /^(\d+)\.(\d+)\.(.*)$/s.exec(payload.toString('utf8'));
    if (match === null) {
      return { ok: false, reason: 'cursor is not one this gateway issued' };
    }
    if (Number(match[1]) !== version) {
      return { ok: false, reason: 'cursor is stale: the data changed since it was issued' };
    }
    if (match[3] !== filterPart(status)) {
      return { ok: false, reason: 'cursor belongs to another status filter' };
    }
    return { ok: true, position: Number(match[2]) };
  }

  private tag(payload: Buffer): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest().subarray(0, TAG_BYTES);
  }
}

function filterPart(status: string | undefined): string {
  return status === undefined ? '*' : `=${status}`;
}

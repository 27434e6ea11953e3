// Lists the entry names of a zip file (a .vsix is one) from its central directory. Plain node:fs, no dependency.
// Handles the "end of central directory" record with a trailing comment; not Zip64 (a .vsix stays far below 4 GiB).
import * as fs from 'node:fs';
import * as zlib from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;

export interface ZipEntry {
  readonly name: string;
  readonly compressedSize: number;
  readonly size: number;
}

function findEndRecord(data: Buffer): number {
  const lowest = Math.max(0, data.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let offset = data.length - END_RECORD_SIZE; offset >= lowest; offset -= 1) {
    if (data.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      return offset;
    }
  }
  throw new Error('not a zip file: no end-of-central-directory record');
}

export function listZipEntries(file: string): ZipEntry[] {
  const data = fs.readFileSync(file);
  const end = findEndRecord(data);
  const count = data.readUInt16LE(end + 10);
  const directorySize = data.readUInt32LE(end + 12);
  const directoryOffset = data.readUInt32LE(end + 16);
  if (directoryOffset + directorySize > end) {
    throw new Error('corrupt zip file: central directory out of bounds');
  }
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (data.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) {
      throw new Error(`corrupt zip file: bad central directory entry ${index}`);
    }
    const compressedSize = data.readUInt32LE(offset + 20);
    const size = data.readUInt32LE(offset + 24);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const name = data.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({ name, compressedSize, size });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

const LOCAL_FILE_HEADER = 0x04034b50;

/** The uncompressed content of one entry (stored or deflated). */
export function readZipEntry(file: string, name: string): Buffer {
  const data = fs.readFileSync(file);
  const end = findEndRecord(data);
  const count = data.readUInt16LE(end + 10);
  let offset = data.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    const method = data.readUInt16LE(offset + 10);
    const compressedSize = data.readUInt32LE(offset + 20);
    const nameLength = data.readUInt16LE(offset + 28);
    const extraLength = data.readUInt16LE(offset + 30);
    const commentLength = data.readUInt16LE(offset + 32);
    const localOffset = data.readUInt32LE(offset + 42);
    if (data.toString('utf8', offset + 46, offset + 46 + nameLength) === name) {
      if (data.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) {
        throw new Error(`corrupt zip file: bad local header for ${name}`);
      }
      const start = localOffset + 30 + data.readUInt16LE(localOffset + 26) + data.readUInt16LE(localOffset + 28);
      const raw = data.subarray(start, start + compressedSize);
      if (method === 0) {
        return Buffer.from(raw);
      }
      if (method === 8) {
        return zlib.inflateRawSync(raw);
      }
      throw new Error(`unsupported compression method ${method} for ${name}`);
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${name} is not in ${file}`);
}

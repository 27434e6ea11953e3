// The export file: streamed to a temporary file next to the target, moved into place only when complete; cancelled or
// failed exports leave the target as it was; a large export goes through with memory for about one batch.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createEncoder } from '../../../src/export/encoder';
import { openFileSink } from '../../../src/export/fileSink';

describe('export file sink', () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-sink-'));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes into a temporary file and moves it to the target on commit, replacing what was there', async () => {
    const target = path.join(dir, 'out.json');
    fs.writeFileSync(target, 'old');
    const sink = await openFileSink(target);
    await sink.write('[1,');
    await sink.write('');
    await sink.write('2]\n');
    assert.equal(fs.readFileSync(target, 'utf8'), 'old', 'the target is untouched while writing');
    assert.equal(path.dirname(sink.temporaryPath), dir);
    if (process.platform !== 'win32') {
      assert.equal(fs.statSync(sink.temporaryPath).mode & 0o777, 0o600, 'the temporary file is readable by its owner only');
    }
    await sink.commit();
    if (process.platform !== 'win32') {
      assert.equal(fs.statSync(target).mode & 0o777, 0o600, 'and so is the export');
    }
    assert.equal(fs.readFileSync(target, 'utf8'), '[1,2]\n');
    assert.equal(sink.bytes, 6);
    assert.deepEqual(fs.readdirSync(dir), ['out.json'], 'no temporary file left');
  });

  it('abort deletes the temporary file and leaves the target as it was', async () => {
    const target = path.join(dir, 'out.csv');
    fs.writeFileSync(target, 'keep me');
    const sink = await openFileSink(target);
    await sink.write('a,b\r\n');
    await sink.abort();
    assert.equal(fs.readFileSync(target, 'utf8'), 'keep me');
    assert.deepEqual(fs.readdirSync(dir), ['out.csv']);
    await assert.rejects(sink.write('more'), /closed/);
  });

  it('counts UTF-8 bytes and writes text outside the BMP intact', async () => {
    const target = path.join(dir, 'u.ndjson');
    const sink = await openFileSink(target);
    await sink.write('é😀\n');
    await sink.commit();
    assert.equal(sink.bytes, 7);
    assert.equal(fs.readFileSync(target, 'utf8'), 'é😀\n');
  });

  it('fails to open in a folder that does not exist, without leaving anything', async () => {
    await assert.rejects(openFileSink(path.join(dir, 'missing', 'out.json')), /ENOENT/);
  });

  it('streams 100,000 objects batch by batch: the file is complete, and the stream never buffers more than a batch', async function () {
    this.timeout(60_000);
    const target = path.join(dir, 'big.ndjson');
    const sink = await openFileSink(target);
    const encoder = createEncoder('ndjson');
    const batch = 500;
    let peak = 0;
    await sink.write(encoder.begin());
    for (let from = 0; from < 100_000; from += batch) {
      const items = Array.from({ length: batch }, (_, i) => ({ pageGroupId: `pg_${from + i}`, title: 'x'.repeat(200), pagesCount: i }));
      const text = encoder.encode(items);
      await sink.write(text);
      // What is queued in the stream after a write resolved: at most the last chunk (a write waits while it is full).
      peak = Math.max(peak, sinkBuffered(sink));
    }
    await sink.write(encoder.end());
    await sink.commit();
    assert.equal(encoder.count, 100_000);
    const size = fs.statSync(target).size;
    assert.equal(size, sink.bytes);
    assert.ok(peak <= 200_000, `buffered ${peak} bytes at most`);
    const fd = fs.openSync(target, 'r');
    const tail = Buffer.alloc(1000);
    fs.readSync(fd, tail, 0, 1000, size - 1000);
    fs.closeSync(fd);
    const last = tail.toString('utf8').trimEnd().split('\n').pop() ?? '';
    assert.equal((JSON.parse(last) as { pageGroupId: string }).pageGroupId, 'pg_99999');
  });
});

/** Bytes the sink's stream holds: its file's size lags behind the bytes written by at most that much. */
function sinkBuffered(sink: { readonly bytes: number; readonly temporaryPath: string }): number {
  return sink.bytes - fs.statSync(sink.temporaryPath).size;
}

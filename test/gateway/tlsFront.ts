/**
 * A TLS front for the sample gateway in tests: an https:// address on 127.0.0.1 with a fresh self-signed certificate
 * for the given host names (made with the `openssl` command), relaying the decrypted bytes to the gateway's port.
 * Nothing trusts that certificate, which is the point: it plays a gateway behind a proxy that inspects TLS.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { connect, type Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { createServer, type TLSSocket } from 'node:tls';

export interface TlsFront {
  readonly port: number;
  close(): Promise<void>;
}

/** The key and certificate (PEM) for `names`, or undefined when `openssl` is not available. */
export function selfSignedCertificate(names: readonly string[]): { key: string; cert: string } | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pge-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const subjectAltName = names.map((name) => (/^[0-9.]+$/.test(name) ? `IP:${name}` : `DNS:${name}`)).join(',');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${names[0] ?? 'localhost'}`, '-addext', `subjectAltName=${subjectAltName}`],
      { stdio: 'ignore', timeout: 30_000 },
    );
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } catch {
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on 127.0.0.1 (any free port); undefined when no certificate could be made. */
export async function startTlsFront(targetPort: number, names: readonly string[]): Promise<TlsFront | undefined> {
  const credentials = selfSignedCertificate(names);
  if (credentials === undefined) {
    return undefined;
  }
  const sockets = new Set<Socket>();
  const server = createServer(credentials, (secure: TLSSocket) => {
    const plain = connect({ host: '127.0.0.1', port: targetPort });
    sockets.add(secure);
    sockets.add(plain);
    const drop = (): void => {
      secure.destroy();
      plain.destroy();
    };
    secure.on('close', () => sockets.delete(secure));
    plain.on('close', () => sockets.delete(plain));
    secure.on('error', drop);
    plain.on('error', drop);
    secure.pipe(plain);
    plain.pipe(secure);
  });
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

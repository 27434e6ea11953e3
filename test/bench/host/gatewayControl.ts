/** The sample gateway's request log, read through its control endpoint (loopback, no key): counts and the gateway's own times. */
import * as http from 'node:http';
import type { RecordedRequest } from '../../gateway/server';

export class GatewayControl {
  public constructor(private readonly baseUrl: string) {}

  /** Every API request recorded since the last reset, with its duration at the gateway. */
  public async requests(): Promise<RecordedRequest[]> {
    const body = await this.call('GET');
    return JSON.parse(body) as RecordedRequest[];
  }

  public async reset(): Promise<void> {
    await this.call('DELETE');
  }

  private call(method: 'GET' | 'DELETE'): Promise<string> {
    return new Promise((resolve, reject) => {
      // A connection of its own each call (agent: false): the default agent keeps connections alive, and one kept
      // across a forced collection longer than the gateway's 5 s keep-alive is closed under it (socket hang up).
      const request = http.request(`${this.baseUrl}/__control/requests`, { method, timeout: 10_000, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200) {
            reject(new Error(`${method} /__control/requests: HTTP ${String(response.statusCode)} ${text}`));
          } else {
            resolve(text);
          }
        });
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new Error(`${method} /__control/requests timed out`)));
      request.on('error', reject);
      request.end();
    });
  }
}

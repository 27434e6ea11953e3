/**
 * Starts the sample gateway from a terminal:
 *   node out/test/gateway/cli.js [--port N] [--api-key K] [--page-groups N] [--fault '<json>']…
 * Stops cleanly on Ctrl+C (SIGINT) or SIGTERM.
 */
import { generateDataset } from './dataset';
import { parseFaultRule, type FaultRule } from './faults';
import { SAMPLE_API_KEY, startSampleGateway, type RecordedRequest } from './server';

export interface CliOptions {
  readonly port: number;
  readonly host: string;
  readonly apiKey: string;
  readonly pageGroups: number;
  readonly webhooks: number;
  readonly seed: number;
  readonly pathPrefix: string;
  readonly faults: readonly FaultRule[];
  readonly log: boolean;
  readonly help: boolean;
}

export const CLI_USAGE = `Usage: node out/test/gateway/cli.js [options]
  --port N            port to listen on (default: a free port)
  --host H            address to bind (default 127.0.0.1)
  --api-key K         API key clients must send in x-api-key (default ${SAMPLE_API_KEY})
  --page-groups N     number of page groups (default 150)
  --webhooks N        number of webhook subscriptions (default 8)
  --seed N            data seed (default 1)
  --path-prefix P     serve the API under a path, e.g. /gw
  --fault '<json>'    add a fault rule, e.g. '{"kind":"delay","ms":500}' (repeatable)
  --log               print one line per request
  --help              show this help`;

/** Parses the command line; throws an Error with a readable message on bad input. */
export function parseCliArgs(argv: readonly string[]): CliOptions {
  const options = {
    port: 0,
    host: '127.0.0.1',
    apiKey: SAMPLE_API_KEY,
    pageGroups: 150,
    webhooks: 8,
    seed: 1,
    pathPrefix: '',
    faults: [] as FaultRule[],
    log: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) {
        throw new Error(`${arg} needs a value`);
      }
      return next;
    };
    switch (arg) {
      case '--port':
        options.port = integer(arg, value(), 0, 65535);
        break;
      case '--host':
        options.host = value();
        break;
      case '--api-key':
        options.apiKey = value();
        break;
      case '--page-groups':
        options.pageGroups = integer(arg, value(), 0, 10_000_000);
        break;
      case '--webhooks':
        options.webhooks = integer(arg, value(), 0, 1_000_000);
        break;
      case '--seed':
        options.seed = integer(arg, value(), 0, 2 ** 32 - 1);
        break;
      case '--path-prefix':
        options.pathPrefix = value();
        break;
      case '--fault': {
        let json: unknown;
        const text = value();
        try {
          json = JSON.parse(text);
        } catch {
          throw new Error(`--fault is not JSON: ${text}`);
        }
        const parsed = parseFaultRule(json);
        if ('error' in parsed) {
          throw new Error(`--fault ${text}: ${parsed.error}`);
        }
        options.faults.push(parsed.rule);
        break;
      }
      case '--log':
        options.log = true;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${arg}`);
    }
  }
  return options;
}

function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${text}`);
  }
  return value;
}

function describeRequest(request: RecordedRequest): string {
  const query = new URLSearchParams(request.query).toString();
  const status = request.responseStatus === 0 ? 'no answer' : String(request.responseStatus);
  const fault = request.fault === undefined ? '' : `  [fault: ${request.fault}]`;
  return `${request.method} ${request.path}${query === '' ? '' : `?${query}`} -> ${status} (${request.durationMs.toFixed(1)} ms)${fault}`;
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error: unknown) {
    console.error(`Error: ${(error as Error).message}\n\n${CLI_USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(CLI_USAGE);
    return;
  }
  const dataset = generateDataset({ pageGroupCount: options.pageGroups, webhookCount: options.webhooks, seed: options.seed });
  const gateway = await startSampleGateway(
    {
      host: options.host,
      port: options.port,
      apiKey: options.apiKey,
      dataset,
      faults: [...options.faults],
      pathPrefix: options.pathPrefix,
    },
    options.log ? { onRequestDone: (request) => console.log(describeRequest(request)) } : {},
  );
  console.log(`Sample gateway: ${gateway.url}  API key: ${gateway.apiKey}`);
  console.log(`  ${dataset.pageGroups.length} page groups, ${dataset.webhooks.length} webhook subscriptions` +
    (options.faults.length > 0 ? `, ${options.faults.length} fault rule(s) active` : ''));
  console.log(`  Try: curl -H 'x-api-key: ${gateway.apiKey}' '${gateway.url}/v0/page_groups?limit=5'`);
  console.log('  Press Ctrl+C to stop.');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      return;
    }
    stopping = true;
    void gateway.close().then(() => {
      console.log(`Sample gateway stopped (${signal}).`);
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  void main().catch((error: unknown) => {
    console.error(`Sample gateway failed to start: ${(error as Error).message}`);
    process.exit(1);
  });
}

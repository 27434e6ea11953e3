/**
 * Times module loads in this extension host while a step runs: when the extension's main module starts and finishes
 * loading (a wrapper around Node's Module._load, on top of the host's own interceptor).
 */
// The default import is the real `Module` (a namespace import would be a copy on which _load cannot be replaced).
import Module from 'node:module';

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;
interface Loader {
  _load: Load;
}

export interface ModuleSpan {
  readonly request: string;
  readonly start: number;
  readonly end: number;
}

export async function traceModuleLoads<T>(matches: (request: string) => boolean, action: () => Promise<T>): Promise<{ value: T; spans: ModuleSpan[] }> {
  const loader = Module as unknown as Loader;
  const original = loader._load;
  const spans: ModuleSpan[] = [];
  loader._load = function tracedLoad(this: unknown, request: string, parent: unknown, isMain: boolean): unknown {
    if (!matches(request)) {
      return original.call(this, request, parent, isMain);
    }
    const start = performance.now();
    try {
      return original.call(this, request, parent, isMain);
    } finally {
      spans.push({ request, start, end: performance.now() });
    }
  };
  try {
    const value = await action();
    return { value, spans };
  } finally {
    loader._load = original;
  }
}

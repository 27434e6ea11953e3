/**
 * A language-model tool whose code is loaded at its first call (dist/onDemand.js, esbuild.mjs): activation only
 * registers the name. Every feature registers its tools through it.
 */
import type * as vscode from 'vscode';

/** A tool that creates the real one (`create`) at its first use and hands every call to it. */
export function lazyTool<T>(create: () => Promise<vscode.LanguageModelTool<T>>): vscode.LanguageModelTool<T> {
  let tool: Promise<vscode.LanguageModelTool<T>> | undefined;
  const get = (): Promise<vscode.LanguageModelTool<T>> => (tool ??= create());
  return {
    prepareInvocation: async (options, token) => (await get()).prepareInvocation?.(options, token),
    invoke: async (options, token) => (await get()).invoke(options, token),
  };
}

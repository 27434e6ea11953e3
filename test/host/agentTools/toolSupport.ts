/** Invoking the extension's language-model tools as the agent does, outside a chat: the text of their result. */
import * as vscode from 'vscode';

export async function invokeTool(name: string, input: object, token?: vscode.CancellationToken, tokenBudget?: number): Promise<string> {
  const options: vscode.LanguageModelToolInvocationOptions<object> = {
    input,
    toolInvocationToken: undefined,
    ...(tokenBudget === undefined ? {} : { tokenizationOptions: { tokenBudget, countTokens: (text: string): Thenable<number> => Promise.resolve(Math.ceil(text.length / 4)) } }),
  };
  const result = await vscode.lm.invokeTool(name, options, token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : typeof (part as { value?: unknown }).value === 'string' ? (part as { value: string }).value : '')).join('');
}

/** The JSON after the data label of a result. */
export function dataOf<T>(text: string): T {
  const start = text.indexOf('\n{');
  if (start < 0) {
    throw new Error(`no JSON in the result: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text.slice(start + 1)) as T;
}

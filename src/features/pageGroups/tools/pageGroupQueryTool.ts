/**
 * What Count and Find Page Groups share as tools: the input read, the gateways resolved and their readiness, each
 * gateway read with its own budget (pageGroupReads.ts), cancellation, and the result. Each tool says only how it
 * parses, how it announces itself, how many matches are enough, and how its result reads.
 */
import * as vscode from 'vscode';
import type { CommandContext } from '../../../commands/commandContext';
import type { Parsed } from '../../../agent/model/toolInputs';
import { budgetOf, cancelledText, readiness, resolveGateways, signalOf, textResult } from '../../../agent/toolSupport';
import type { PageGroupToolInput } from '../model/pageGroupToolInput';
import type { NamedRead } from '../text/pageGroupToolResults';
import { namedRead, readGateways, type GatewayRead } from './pageGroupReads';

export interface PageGroupQuery {
  readonly parse: (input: unknown) => Parsed<PageGroupToolInput>;
  /** The invocation message, for the gateway named (undefined: every gateway). */
  readonly announce: (gateway: string | undefined) => string;
  /** How many matches a gateway needs from its position on; undefined: every one (read to the end). */
  readonly enough?: (input: PageGroupToolInput, offset: number) => number;
  readonly result: (input: PageGroupToolInput, reads: readonly NamedRead[], budget: number) => string;
}

export class PageGroupQueryTool implements vscode.LanguageModelTool<object> {
  public constructor(
    private readonly ctx: CommandContext,
    private readonly query: PageGroupQuery,
  ) {}

  public prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<object>): vscode.PreparedToolInvocation {
    const parsed = this.query.parse(options.input);
    return { invocationMessage: this.query.announce(parsed.ok ? parsed.value.question.gateway : undefined) };
  }

  public async invoke(options: vscode.LanguageModelToolInvocationOptions<object>, token: vscode.CancellationToken): Promise<vscode.LanguageModelToolResult> {
    const parsed = this.query.parse(options.input);
    if (!parsed.ok) {
      return textResult(parsed.problem);
    }
    const input = parsed.value;
    const resolved = resolveGateways(this.ctx.registry, input.question.gateway);
    if (!resolved.ok) {
      return textResult(resolved.problem);
    }
    const ready = await readiness(resolved.gateways);
    const cancel = signalOf(token);
    const enough = this.query.enough;
    let reads: GatewayRead[];
    try {
      reads = await readGateways(resolved.gateways, ready, input, cancel.signal, enough === undefined ? undefined : (offset) => enough(input, offset));
    } finally {
      cancel.dispose();
    }
    if (token.isCancellationRequested) {
      return textResult(cancelledText());
    }
    return textResult(this.query.result(input, reads.map(namedRead), budgetOf(options)));
  }
}

/**
 * A multi-step input in one box (as the AWS Toolkit's Add Connection): each step has its prompt and validation, the
 * editor shows "step/total", a Back button returns to the previous step with its answer kept, Escape cancels the
 * whole. Resolves with one answer per step, or undefined when cancelled.
 */
import * as vscode from 'vscode';

export interface WizardStep {
  readonly prompt: string;
  /** A prompt that depends on the answers so far (e.g. what an earlier answer implies); `prompt` when undefined. */
  readonly promptFor?: (answers: readonly string[]) => string | undefined;
  readonly placeholder?: string;
  readonly password?: boolean;
  /** The value offered when the step is first shown (answers so far are given). */
  readonly initial?: (answers: readonly string[]) => string;
  /** Why `value` cannot be taken (shown under the input), or undefined. */
  readonly validate: (value: string, answers: readonly string[]) => string | undefined;
}

export function runWizard(title: string, steps: readonly WizardStep[]): Promise<string[] | undefined> {
  const input = vscode.window.createInputBox();
  input.title = title;
  input.totalSteps = steps.length;
  input.ignoreFocusOut = true;
  const answers: string[] = [];
  let index = 0;
  const show = (): void => {
    const step = steps[index] as WizardStep;
    input.step = index + 1;
    input.prompt = step.promptFor?.(answers.slice(0, index)) ?? step.prompt;
    input.placeholder = step.placeholder;
    input.password = step.password === true;
    input.value = answers[index] ?? step.initial?.(answers.slice(0, index)) ?? '';
    input.validationMessage = input.value === '' ? undefined : step.validate(input.value, answers.slice(0, index));
    input.buttons = index > 0 ? [vscode.QuickInputButtons.Back] : [];
  };
  return new Promise<string[] | undefined>((resolve) => {
    let done = false;
    const subscriptions = [
      input.onDidChangeValue((value) => {
        input.validationMessage = (steps[index] as WizardStep).validate(value, answers.slice(0, index));
      }),
      input.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back && index > 0) {
          answers[index] = input.value;
          index -= 1;
          show();
        }
      }),
      input.onDidAccept(() => {
        const problem = (steps[index] as WizardStep).validate(input.value, answers.slice(0, index));
        if (problem !== undefined) {
          input.validationMessage = problem;
          return;
        }
        answers[index] = input.value;
        if (index + 1 < steps.length) {
          index += 1;
          show();
          return;
        }
        done = true;
        input.hide();
      }),
      input.onDidHide(() => {
        subscriptions.forEach((subscription) => subscription.dispose());
        input.dispose();
        resolve(done ? answers.slice(0, steps.length) : undefined);
      }),
    ];
    show();
    input.show();
  });
}

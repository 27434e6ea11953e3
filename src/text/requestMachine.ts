/**
 * Which machine this extension's requests leave from, as the error texts name it: undefined for the machine the editor
 * runs on, or the remote's name (`vscode.env.remoteName`, e.g. `ssh-remote`) when the extension runs on the remote
 * side of a Remote Development window. Set once at activation; pure (no `vscode` import), so errorText.ts stays pure.
 */

let remote: string | undefined;

/** `name`: the remote's name when requests are sent from the remote machine, otherwise undefined. */
export function setRequestMachine(name: string | undefined): void {
  remote = name === undefined || name === '' ? undefined : name;
}

/** The remote's name when requests are sent from a remote machine; undefined when they leave from this one. */
export function requestMachine(): string | undefined {
  return remote;
}

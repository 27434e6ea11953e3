/** The resource kinds of the features in use, looked up by id or document folder. No `vscode` import. */
import type { ResourceKind } from './resource';

export class ResourceKinds {
  private readonly list: ResourceKind<unknown>[] = [];

  /** Adds a feature's kind (features are added once, at activation or by a test). */
  public add(kind: ResourceKind<unknown>): void {
    if (this.list.some((known) => known.id === kind.id || known.folder === kind.folder)) {
      // l10n-ignore: a programming error (two features describe one kind), never shown to users
      throw new Error(`A resource kind with the id ${kind.id} or the folder ${kind.folder} is already known`);
    }
    this.list.push(kind);
  }

  /** Takes a kind out (a feature removed; only tests remove one). */
  public remove(kind: ResourceKind<unknown>): void {
    const index = this.list.indexOf(kind);
    if (index >= 0) {
      this.list.splice(index, 1);
    }
  }

  public all(): readonly ResourceKind<unknown>[] {
    return this.list;
  }

  public byFolder(folder: string): ResourceKind<unknown> | undefined {
    return this.list.find((kind) => kind.folder === folder);
  }

  public byId(id: string): ResourceKind<unknown> | undefined {
    return this.list.find((kind) => kind.id === id);
  }
}

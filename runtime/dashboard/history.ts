/** Undo and redo over successive values (the dashboard while it is edited). */
export class UndoHistory<T> {
  private past: T[] = [];
  private future: T[] = [];

  constructor(
    private present: T,
    private readonly limit = 100,
  ) {}

  get current(): T {
    return this.present;
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** A new value; what was undone can no longer be redone. */
  push(value: T): T {
    if (value === this.present) return value;
    this.past.push(this.present);
    if (this.past.length > this.limit) this.past.shift();
    this.future = [];
    this.present = value;
    return value;
  }

  undo(): T {
    const previous = this.past.pop();
    if (previous !== undefined) {
      this.future.push(this.present);
      this.present = previous;
    }
    return this.present;
  }

  redo(): T {
    const next = this.future.pop();
    if (next !== undefined) {
      this.past.push(this.present);
      this.present = next;
    }
    return this.present;
  }

  /** Starts over from a value (a saved or reloaded document). */
  reset(value: T): T {
    this.past = [];
    this.future = [];
    this.present = value;
    return value;
  }
}

import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';
import { immer } from 'zustand/middleware/immer';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { DashboardDocument } from './document';

enablePatches();

/** How many edits can be undone at most; the oldest is forgotten first. */
export const HISTORY_LIMIT = 100;

/** One edit as immer recorded it: the patches that make it, and those that take it back. */
interface Step {
  patches: Patch[];
  inverse: Patch[];
}

/** The dashboard of a station as the screen shows and edits it. */
export interface EditorState {
  /** The document as stored (loaded or last saved); null until it has loaded. */
  saved: DashboardDocument | null;
  /** The document shown: the stored one with the edits not saved yet. */
  document: DashboardDocument | null;
  /** The widget the user works on (its configuration dialog), if any. */
  selected: string | null;
  past: Step[];
  future: Step[];
  /** Whether undoing every step shows the stored document again: not once a step past the history's limit is forgotten. */
  savedInReach: boolean;
}

export interface EditorActions {
  /** A document loaded (or reloaded) from the server: shown as it is, with no history. */
  load(document: DashboardDocument): void;
  /** Nothing shown while another station's document loads. */
  unload(): void;
  /** An edit of the document, written as changes to a draft; one step of undo, and nothing to redo after it. */
  edit(recipe: (draft: Draft<DashboardDocument>) => void): void;
  undo(): void;
  redo(): void;
  /** The edits not saved are dropped: the stored document again, with no history. */
  discard(): void;
  /** The server stored the document (with its new version): it is the saved one, with no history. */
  stored(document: DashboardDocument): void;
  select(id: string | null): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

/** Whether the document shown differs from the stored one: edits not saved, and not all undone. */
export const isDirty = (state: EditorState): boolean => state.past.length > 0 || !state.savedInReach;
export const canUndo = (state: EditorState): boolean => state.past.length > 0;
export const canRedo = (state: EditorState): boolean => state.future.length > 0;

/**
 * The store of a dashboard being shown and edited (zustand, updated with immer). Each edit keeps
 * the patches immer records and their inverse, so undo and redo replay them on the document; the
 * parts of the document an edit does not touch keep their identity, so a component that selects
 * one widget renders again only when that widget changes. A read-only board starts it with its
 * document.
 */
export function createEditorStore(document: DashboardDocument | null = null): EditorStore {
  return createStore<EditorState & EditorActions>()(
    immer((set, get) => {
      /** A document shown as it is stored, with no history (none while another loads). */
      const fresh = (document: DashboardDocument | null) =>
        set((state) => {
          state.saved = document;
          state.document = document;
          state.selected = null;
          state.past = [];
          state.future = [];
          state.savedInReach = true;
        });
      return {
        saved: document,
        document,
        selected: null,
        past: [],
        future: [],
        savedInReach: true,
        load: fresh,
        stored: fresh,
        unload: () => fresh(null),
        edit(recipe) {
          const { document } = get();
          if (!document) return;
          const [next, patches, inverse] = produceWithPatches(document, recipe);
          if (patches.length === 0) return;
          set((state) => {
            state.document = next;
            state.past.push({ patches, inverse });
            if (state.past.length > HISTORY_LIMIT) {
              state.past.shift();
              state.savedInReach = false;
            }
            state.future = [];
          });
        },
        undo() {
          const { document, past } = get();
          const step = past[past.length - 1];
          if (!document || !step) return;
          set((state) => {
            state.document = applyPatches(document, step.inverse);
            state.past.pop();
            state.future.push(step);
          });
        },
        redo() {
          const { document, future } = get();
          const step = future[future.length - 1];
          if (!document || !step) return;
          set((state) => {
            state.document = applyPatches(document, step.patches);
            state.future.pop();
            state.past.push(step);
          });
        },
        discard() {
          const { saved } = get();
          if (saved) fresh(saved);
        },
        select(id) {
          set((state) => {
            state.selected = id;
          });
        },
      };
    }),
  );
}

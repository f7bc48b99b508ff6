import { useState } from 'react';

/** Row selection of an admin table; cleared when the list it belongs to changes. */
export function useSelection(listKey: string) {
  const [state, setState] = useState<{ key: string; ids: number[] }>({ key: listKey, ids: [] });
  const ids = state.key === listKey ? state.ids : [];
  return {
    ids,
    set: (next: number[]) => {
      setState({ key: listKey, ids: next });
    },
    clear: () => {
      setState({ key: listKey, ids: [] });
    },
  };
}

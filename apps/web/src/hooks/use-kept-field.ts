import {
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { isHydrating, takeTypedField } from '@/lib/hydration';

/** Props for the `<input>` the state belongs to. */
export interface KeptFieldProps {
  ref: RefObject<HTMLInputElement | null>;
  'data-keep': string;
}

/**
 * The state of a text field the server renders (docs/web.md, "Before the app takes over"): what a
 * person typed into the server's field before the app took over is the state the app starts
 * with, never replaced by `initial`. `key` names the field among the page's kept fields; `clean`
 * is the field's own input rule (applied to the kept text as to a change). Spread the returned
 * props on the `<input>`.
 */
export function useKeptField(
  key: string,
  initial: string | (() => string),
  clean: (text: string) => string = (text) => text,
): [string, Dispatch<SetStateAction<string>>, KeptFieldProps] {
  const ref = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  // Whether this field's first render hydrated the server's element (it is then still the one on
  // screen) or rendered a new one in place of the server's.
  const [hydrated] = useState(isHydrating);

  // Before paint: the kept text is there from the first frame the app shows.
  useLayoutEffect(() => {
    const el = ref.current;
    const typed = takeTypedField(key);
    if (!el || !typed) return;
    // A hydrated field holds what was typed, also since it was read: React leaves a hydrated
    // field's text as it finds it. A new field gets the text of the server's.
    const text = clean(hydrated ? el.value : typed.value);
    if (el.value !== text) el.value = text;
    setValue(text);
    if (!hydrated && typed.focused && document.activeElement === document.body) {
      el.focus();
      if (typed.selection) el.setSelectionRange(...typed.selection);
    }
    // Once, for the field's first render: later renders are the app's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return [value, setValue, { ref, 'data-keep': key }];
}

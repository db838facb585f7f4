import { useState, type ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

/** Controlled string fields: `bind(name)` wires an input, `reset()` restores the initial values. */
export function useFormValues<T extends Record<keyof T, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<FieldElement>) => {
      const { value } = e.target;
      setValues((prev) => ({ ...prev, [name]: value }));
    },
  });
  return { values, bind, reset: () => setValues(initial) };
}

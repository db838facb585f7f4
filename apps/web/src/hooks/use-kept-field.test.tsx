import { createRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  APP_READY_ATTRIBUTE,
  HydrationDone,
  hydrateWithoutBlocking,
  keepTypedFields,
  useAppReady,
} from '@/lib/hydration';
import { useKeptField } from './use-kept-field';

/** Whole numbers only, as the storefront's quantity boxes take them. */
const digits = (text: string) => text.replace(/\D/g, '');

/** A quantity box with a stepper, as the search and product pages render it from the server. */
function Quantity() {
  const [value, setValue, field] = useKeptField('quantity-7', '1', digits);
  const ready = useAppReady();
  return (
    <div>
      <input
        {...field}
        aria-label="数量"
        value={value}
        onChange={(e) => setValue(digits(e.target.value))}
      />
      <button type="button" disabled={!ready} onClick={() => setValue(String(Number(value) + 1))}>
        增加数量
      </button>
    </div>
  );
}

const app = (
  <>
    <Quantity />
    <HydrationDone />
  </>
);

/** The server's markup in `#root`, as the browser receives it. */
function serverPage(): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(app);
  document.body.replaceChildren(container);
  return container;
}

/** What a person does in a field before any of the app's code has run. */
function typeInto(field: HTMLInputElement, text: string) {
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Lets React finish what a click scheduled. */
async function settle() {
  for (let i = 0; i < 3; i++) await nextTask();
}

async function tookOver(container: HTMLElement): Promise<string> {
  while (!container.hasAttribute(APP_READY_ATTRIBUTE)) await nextTask();
  await nextTask();
  return container.getAttribute(APP_READY_ATTRIBUTE)!;
}

const roots: Root[] = [];

afterEach(async () => {
  for (const root of roots.splice(0)) root.unmount();
  for (let i = 0; i < 5; i++) await nextTask();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

const field = (container: HTMLElement) => container.querySelector('input')!;
const stepper = (container: HTMLElement) => container.querySelector('button')!;

describe('a field of the server’s markup', () => {
  it('keeps what was typed before hydration as its state, and its buttons wait for the app', async () => {
    const container = serverPage();
    expect(stepper(container).disabled).toBe(true);
    typeInto(field(container), '37');

    keepTypedFields(container);
    roots.push(hydrateWithoutBlocking(container, app));
    expect(await tookOver(container)).toBe('hydrated');

    expect(field(container).value).toBe('37');
    expect(stepper(container).disabled).toBe(false);
    // The state is the typed figure, not the server's 1: the stepper counts on from it.
    stepper(container).click();
    await settle();
    expect(field(container).value).toBe('38');
  });

  it('applies its own input rule to what was typed', async () => {
    const container = serverPage();
    typeInto(field(container), '2.5');

    keepTypedFields(container);
    roots.push(hydrateWithoutBlocking(container, app));
    await tookOver(container);

    expect(field(container).value).toBe('25');
  });

  it('gives its text, focus and caret to the field rendered in its place (a member’s page)', async () => {
    const container = serverPage();
    typeInto(field(container), '12');
    field(container).setSelectionRange(1, 1);

    keepTypedFields(container);
    container.replaceChildren();
    const root = createRoot(container);
    roots.push(root);
    root.render(app);
    expect(await tookOver(container)).toBe('rendered');

    const fresh = field(container);
    expect(fresh.value).toBe('12');
    expect(document.activeElement).toBe(fresh);
    expect(fresh.selectionStart).toBe(1);
    stepper(container).click();
    await settle();
    expect(fresh.value).toBe('13');
  });

  it('starts from its initial value when nothing was typed, or on another page', async () => {
    const container = serverPage();
    typeInto(field(container), '12');
    keepTypedFields(container);
    // The app opened another address before this field was rendered: what was typed belonged
    // to the page it was typed on.
    window.history.pushState(null, '', '/products/1');
    container.replaceChildren();
    const root = createRoot(container);
    roots.push(root);
    root.render(app);
    await tookOver(container);

    expect(field(container).value).toBe('1');
  });
});

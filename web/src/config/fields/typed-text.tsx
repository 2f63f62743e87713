import { createEffect, createSignal, on } from "solid-js";
import { TextInput } from "./inputs";

/**
 * A text field for a typed value (a number, a list): it keeps what the user types ("1.",
 * "a, ") while reporting the parsed value, and shows the config's value again only when
 * that changes from elsewhere (undo, another control).
 */
export function TypedText<T>(props: {
  id?: string;
  testid?: string;
  ariaLabel?: string;
  placeholder?: string;
  error?: string;
  value: T;
  format: (value: T) => string;
  parse: (text: string) => T;
  onInput: (value: T) => void;
}) {
  const [text, setText] = createSignal(props.format(props.value));
  createEffect(
    on(
      () => props.value,
      (value) => {
        if (JSON.stringify(props.parse(text())) !== JSON.stringify(value)) setText(props.format(value));
      },
      { defer: true },
    ),
  );
  return (
    <TextInput
      id={props.id}
      testid={props.testid}
      ariaLabel={props.ariaLabel}
      placeholder={props.placeholder}
      error={props.error}
      value={text()}
      onInput={(t) => {
        setText(t);
        props.onInput(props.parse(t));
      }}
    />
  );
}

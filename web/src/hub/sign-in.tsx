import { createSignal, onMount, Show } from "solid-js";
import { ApiError } from "../lib/api";
import type { HubClient } from "../lib/hub-api";
import type { HubSession } from "../lib/hub-types";
import "./sign-in.css";

/** Words for a refused sign-in: the Hub's own reason, or what to do when it could not answer. */
export function refusalText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return "Too many attempts: wait a few minutes, then try again.";
    if (err.status === 0 || err.status >= 500) return `The Hub could not answer (${err.message}).`;
    return err.message;
  }
  return `The Hub does not answer: ${(err as Error).message}`;
}

/**
 * The Hub's sign-in. `ended` says the session ran out while the person worked: the form is
 * then shown over the work, which is kept as it was.
 */
export function SignIn(props: {
  hub: HubClient;
  ended?: boolean;
  /** Who was signed in when the session ended: filled in, the password is asked. */
  username?: string;
  onSignedIn: (session: HubSession) => void;
}) {
  const [username, setUsername] = createSignal(props.username ?? "");
  let first: HTMLInputElement | undefined;
  let secret: HTMLInputElement | undefined;
  // `autofocus` only works on the page's first render; this form also comes later.
  onMount(() => (props.username ? secret : first)?.focus());
  const [password, setPassword] = createSignal("");
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      props.onSignedIn(await props.hub.login({ username: username(), password: password() }));
    } catch (err) {
      setError(refusalText(err));
      setPassword("");
    } finally {
      setBusy(false);
    }
  };
  const form = (
    <form class="sign-in" data-testid="sign-in" aria-labelledby="sign-in-title" onSubmit={submit}>
      <h1 id="sign-in-title">
        <span class="sign-in-brand">Weft</span> Sign in
      </h1>
      <Show when={props.ended}>
        <p class="sign-in-note" role="status" data-testid="sign-in-ended">
          Your session has ended. Sign in again to go on: your work is kept as you left it.
        </p>
      </Show>
      <label>
        Username
        <input
          name="username"
          data-testid="sign-in-username"
          autocomplete="username"
          required
          ref={first}
          value={username()}
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
      </label>
      <label>
        Password
        <input
          name="password"
          type="password"
          data-testid="sign-in-password"
          autocomplete="current-password"
          required
          ref={secret}
          value={password()}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      <Show when={error()}>
        <p class="sign-in-error" role="alert" data-testid="sign-in-error">
          {error()}
        </p>
      </Show>
      <button type="submit" class="sign-in-submit" data-testid="sign-in-submit" disabled={busy()}>
        {busy() ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
  // Over the work (a session that ended), the form is a modal dialog; alone, it is the page.
  return props.ended ? (
    <div class="sign-in-backdrop over" role="dialog" aria-modal="true" aria-labelledby="sign-in-title">
      {form}
    </div>
  ) : (
    <div class="sign-in-backdrop">{form}</div>
  );
}

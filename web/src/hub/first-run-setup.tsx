import { createSignal, onMount, Show } from "solid-js";
import { MIN_PASSWORD_LENGTH } from "../../../src/shared/roles";
import type { HubClient } from "../lib/hub-api";
import type { HubSession } from "../lib/hub-types";
import { refusalText } from "./sign-in";
import "./sign-in.css";

/**
 * First-run setup: the Hub has no account yet, and the one made here is its owner
 * (`POST /auth/register`, which signs it in). Email is optional.
 */
export function FirstRunSetup(props: { hub: HubClient; onSignedIn: (session: HubSession) => void }) {
  const [username, setUsername] = createSignal("");
  const [email, setEmail] = createSignal("");
  const [password, setPassword] = createSignal("");
  const [error, setError] = createSignal<string>();
  const [busy, setBusy] = createSignal(false);
  let first: HTMLInputElement | undefined;
  onMount(() => first?.focus());
  const short = () => password().length > 0 && password().length < MIN_PASSWORD_LENGTH;
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (password().length < MIN_PASSWORD_LENGTH) {
      setError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const body = { username: username(), password: password(), email: email().trim() || undefined };
      props.onSignedIn(await props.hub.register(body));
    } catch (err) {
      setError(refusalText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="sign-in-backdrop">
      <form class="sign-in" data-testid="setup" aria-labelledby="setup-title" onSubmit={submit}>
        <h1 id="setup-title">
          <span class="sign-in-brand">Weft</span> Set up this Hub
        </h1>
        <p class="sign-in-note">
          No account exists yet. The account you create now is the Hub's <strong>owner</strong>: it can create every
          other account and role.
        </p>
        <label>
          Username
          <input
            name="username"
            data-testid="setup-username"
            autocomplete="username"
            required
            ref={first}
            maxLength={64}
            value={username()}
            onInput={(e) => setUsername(e.currentTarget.value)}
          />
          <span class="sign-in-hint">Letters, digits and . _ - @; not case-sensitive.</span>
        </label>
        <label>
          <span>
            Email <span class="sign-in-optional">(optional)</span>
          </span>
          <input
            name="email"
            type="email"
            data-testid="setup-email"
            autocomplete="email"
            value={email()}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            data-testid="setup-password"
            autocomplete="new-password"
            required
            aria-describedby="setup-password-rule"
            aria-invalid={short()}
            value={password()}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
          <span id="setup-password-rule" class="sign-in-hint" classList={{ bad: short() }}>
            At least {MIN_PASSWORD_LENGTH} characters
            {short() ? ` (${MIN_PASSWORD_LENGTH - password().length} more)` : ""}.
          </span>
        </label>
        <Show when={error()}>
          <p class="sign-in-error" role="alert" data-testid="setup-error">
            {error()}
          </p>
        </Show>
        <button type="submit" class="sign-in-submit" data-testid="setup-submit" disabled={busy()}>
          {busy() ? "Creating…" : "Create the owner and sign in"}
        </button>
      </form>
    </div>
  );
}

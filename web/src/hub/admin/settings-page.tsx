import { createResource, For, Match, Show, Switch } from "solid-js";
import { useHubWorkspace } from "../hub-workspace";
import { hubSettings } from "./settings/settings-api";
import { settingSections } from "./settings/settings-rows";
import "../ui/hub-page.css";
import "./settings/settings-page.css";

/**
 * The Settings area (auditors and above): the Hub's configuration an administrator needs,
 * in words, each with the variable that sets it. Read only, because the Hub reads its settings
 * from its environment and flags when it starts (there is no route that writes them); keys and
 * tokens show only whether they are set, never their value.
 */
export function SettingsPage() {
  const workspace = useHubWorkspace();
  const [settings, { refetch }] = createResource(() => {
    if (!workspace) throw new Error("no Hub serves this page");
    return hubSettings(workspace.hub);
  });
  return (
    <main class="hub-page settings-page" data-testid="settings-page" aria-labelledby="settings-title">
      <header class="hub-page-head">
        <h1 id="settings-title">Settings</h1>
        <Show when={settings.latest}>{(s) => <span class="hub-badge">Weft {s().version}</span>}</Show>
      </header>
      <p class="settings-intro">
        The Hub reads these when it starts, from its environment or command-line flags (<code>weft hub --help</code>{" "}
        lists them all). To change one, change its variable and restart the Hub.
      </p>
      <Switch>
        <Match when={settings.error}>
          <div class="hub-page-state bad" role="alert" data-testid="settings-error">
            <p>The Hub did not answer with its settings: {(settings.error as Error).message}</p>
            <button type="button" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        </Match>
        <Match when={settings.loading && !settings.latest}>
          <p class="hub-page-state" aria-live="polite" data-testid="settings-loading">
            Loading the settings…
          </p>
        </Match>
        <Match when={settings.latest}>
          {(s) => (
            <div class="settings-sections" data-testid="settings-sections">
              <For each={settingSections(s())}>
                {(section) => (
                  <section class="settings-section" aria-label={section.title}>
                    <h2>{section.title}</h2>
                    <dl>
                      <For each={section.rows}>
                        {(row) => (
                          <div
                            class={`settings-row${row.tone ? ` ${row.tone}` : ""}`}
                            data-testid={`setting-${row.key}`}
                          >
                            <dt>
                              {row.label}
                              <Show when={row.env}>
                                <div class="settings-env">{row.env}</div>
                              </Show>
                            </dt>
                            <dd data-testid={`setting-${row.key}-value`}>{row.value}</dd>
                            <Show when={row.note}>
                              <p class="settings-note">{row.note}</p>
                            </Show>
                          </div>
                        )}
                      </For>
                    </dl>
                  </section>
                )}
              </For>
            </div>
          )}
        </Match>
      </Switch>
    </main>
  );
}

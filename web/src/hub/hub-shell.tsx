import { For, type JSX, Show } from "solid-js";
import { Dynamic } from "solid-js/web";
import { AccountMenu } from "./account-menu";
import { ADMIN_HOME, areaInfo, visibleAreas } from "./areas";
import { useHubAccount } from "./hub-account";
import { type HubArea, useHubWorkspace } from "./hub-workspace";
import { PAGES } from "./pages";
import { PageState } from "./ui/page-state";
import "./hub-shell.css";
import "./ui/hub-page.css";

/**
 * The Hub's app around the designer: a row of areas on top (Home, Designer, Workflows,
 * Executions, Schedules, and Admin for auditors and above), who is signed in at its end, and
 * the chosen area below; the admin area lists its pages down its side. The designer stays
 * mounted while another area is shown, so nothing being built is lost by looking away. An
 * area the person's role does not see is not linked, and opening its address says so.
 */
export function HubShell(props: { designer: JSX.Element }) {
  const workspace = useHubWorkspace();
  const account = useHubAccount();
  const role = () => account?.user()?.role;
  const area = (): HubArea => workspace?.area() ?? "designer";
  const inAdmin = () => areaInfo(area()).section === "admin";
  const allowed = () => visibleAreas(role()).some((a) => a.area === area());
  const go = (to: HubArea) => workspace?.show(to);
  // `current` is read in the attribute, so the mark follows the route (a plain boolean would be
  // read once, when <For> made the button).
  const navButton = (to: HubArea, label: string, current: () => boolean, testid = `hub-nav-${to}`) => (
    <button
      type="button"
      class="hub-nav-item"
      data-testid={testid}
      aria-current={current() ? "page" : undefined}
      onClick={() => go(to)}
    >
      {label}
    </button>
  );
  return (
    <div class="hub-shell">
      <nav class="hub-nav" aria-label="Hub" data-testid="hub-nav">
        <span class="hub-nav-brand" aria-hidden="true">
          Weft Hub
        </span>
        <For each={visibleAreas(role(), "work")}>
          {(item) => navButton(item.area, item.label, () => area() === item.area)}
        </For>
        <Show when={visibleAreas(role(), "admin").length > 0}>
          {navButton(ADMIN_HOME, "Admin", inAdmin, "hub-nav-admin")}
        </Show>
        <AccountMenu />
      </nav>
      <div class="hub-area" hidden={area() !== "designer"} data-testid="hub-area-designer">
        {props.designer}
      </div>
      <Show when={area() !== "designer"}>
        <Show
          when={allowed()}
          fallback={
            <main class="hub-page">
              <PageState kind="error" testid="hub-area-refused">
                <p>
                  {areaInfo(area()).label} is for {areaInfo(area()).min}s and above; you are signed in as a {role()}.
                </p>
              </PageState>
            </main>
          }
        >
          <div class={inAdmin() ? "hub-admin" : "hub-work-area"}>
            <Show when={inAdmin()}>
              <nav class="hub-admin-nav" aria-label="Admin" data-testid="hub-admin-nav">
                <For each={visibleAreas(role(), "admin")}>
                  {(item) => navButton(item.area, item.label, () => area() === item.area)}
                </For>
              </nav>
            </Show>
            <Dynamic component={PAGES[area() as Exclude<HubArea, "designer">]} />
          </div>
        </Show>
      </Show>
    </div>
  );
}

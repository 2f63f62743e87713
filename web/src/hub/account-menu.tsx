import { Show } from "solid-js";
import { MenuButton } from "../toolbar/menu-button";
import { useHubAccount } from "./hub-account";

/**
 * Who is signed in to the Hub, with Sign out in its menu: at the toolbar's end when a Hub
 * serves the page, nothing otherwise. A menu rather than two controls: the toolbar's row is
 * full at 1280 px.
 */
export function AccountMenu() {
  const account = useHubAccount();
  return (
    <Show when={account?.user()}>
      {(user) => (
        <div class="toolbar-account" data-testid="account">
          <MenuButton
            testid="account-menu"
            class="menu-end"
            label={<span class="toolbar-account-name">{user().username} ▾</span>}
            title={`Signed in to the Hub as ${user().username} (${user().role})`}
            items={[{ label: "Sign out", testid: "sign-out", onSelect: () => void account?.signOut() }]}
          />
        </div>
      )}
    </Show>
  );
}

import { Show } from "solid-js";
import { MenuButton } from "../toolbar/menu-button";
import { useHubAccount } from "./hub-account";

/**
 * Who is signed in to the Hub, with Sign out in its menu: at the end of the Hub shell's row of
 * areas (hub-shell.tsx), so every area has it; nothing when no Hub serves the page.
 */
export function AccountMenu() {
  const account = useHubAccount();
  return (
    <Show when={account?.user()}>
      {(user) => (
        <div class="hub-account" data-testid="account">
          <MenuButton
            testid="account-menu"
            class="menu-end"
            label={<span class="hub-account-name">{user().username} ▾</span>}
            title={`Signed in to the Hub as ${user().username} (${user().role})`}
            items={[{ label: "Sign out", testid: "sign-out", onSelect: () => void account?.signOut() }]}
          />
        </div>
      )}
    </Show>
  );
}

import { createSignal, For } from "solid-js";
import { actionGroups, TARGET_TYPES } from "./action-options";
import { type AuditFilter, NO_FILTER } from "./audit-filter";

/**
 * The Audit Log's filters, as the Hub's `GET /audit/events` takes them: who (a kind of actor,
 * or one account by username), what (one action or all of a resource's), on what (a kind of
 * target and its id), and when (from and to, inclusive, in the viewer's time). Applied
 * together with Apply (or Enter); Clear shows everything again.
 */
export function AuditFilters(props: { applied: AuditFilter; onApply: (filter: AuditFilter) => void }) {
  const [draft, setDraft] = createSignal<AuditFilter>({ ...props.applied });
  const set = <K extends keyof AuditFilter>(key: K, value: AuditFilter[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const groups = actionGroups();
  return (
    <form
      class="audit-filters"
      data-testid="audit-filters"
      aria-label="Filter the audit log"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply(draft());
      }}
    >
      <label>
        <span>Actor</span>
        <select
          data-testid="audit-filter-actor-type"
          value={draft().actorType}
          onChange={(e) => set("actorType", e.currentTarget.value as AuditFilter["actorType"])}
        >
          <option value="">Anyone</option>
          <option value="user">A person</option>
          <option value="server">A Server</option>
          <option value="system">The Hub itself</option>
        </select>
      </label>
      <label>
        <span>Username</span>
        <input
          type="text"
          data-testid="audit-filter-username"
          placeholder="e.g. olga"
          value={draft().username}
          onInput={(e) => set("username", e.currentTarget.value)}
        />
      </label>
      <label>
        <span>Action</span>
        <select
          data-testid="audit-filter-action"
          value={draft().action}
          onChange={(e) => set("action", e.currentTarget.value)}
        >
          <option value="">Any action</option>
          <For each={groups}>
            {(g) => (
              <optgroup label={g.label}>
                <option value={g.prefix}>{g.label}: all</option>
                <For each={g.actions}>{(a) => <option value={a.value}>{a.label}</option>}</For>
              </optgroup>
            )}
          </For>
        </select>
      </label>
      <label>
        <span>Target</span>
        <select
          data-testid="audit-filter-target-type"
          value={draft().targetType}
          onChange={(e) => set("targetType", e.currentTarget.value)}
        >
          <option value="">Anything</option>
          <For each={TARGET_TYPES}>{(t) => <option value={t.value}>{t.label}</option>}</For>
        </select>
      </label>
      <label>
        <span>Target id</span>
        <input
          type="text"
          data-testid="audit-filter-target-id"
          value={draft().targetId}
          onInput={(e) => set("targetId", e.currentTarget.value)}
        />
      </label>
      <label>
        <span>From</span>
        <input
          type="datetime-local"
          data-testid="audit-filter-from"
          value={draft().from}
          onInput={(e) => set("from", e.currentTarget.value)}
        />
      </label>
      <label>
        <span>To</span>
        <input
          type="datetime-local"
          data-testid="audit-filter-to"
          value={draft().to}
          onInput={(e) => set("to", e.currentTarget.value)}
        />
      </label>
      <div class="audit-filter-buttons">
        <button type="submit" class="primary" data-testid="audit-filter-apply">
          Apply
        </button>
        <button
          type="button"
          data-testid="audit-filter-clear"
          onClick={() => {
            setDraft({ ...NO_FILTER });
            props.onApply({ ...NO_FILTER });
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}

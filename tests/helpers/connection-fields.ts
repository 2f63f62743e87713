/** Host, port, database, user and password of a database URL, as POST /api/connections takes them. */
export function connectionFields(url: string, type: string) {
  const u = new URL(url);
  return {
    type,
    host: u.hostname,
    port: Number(u.port),
    database: u.pathname.slice(1),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

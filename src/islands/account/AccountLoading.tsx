/** The placeholder shown while the session is checked. */
export default function AccountLoading() {
  return (
    <div className="card account-card account-loading" role="status">
      <span className="visually-hidden">Cargando…</span>
      <span className="account-loading__bar" />
      <span className="account-loading__bar account-loading__bar--short" />
      <span className="account-loading__bar" />
    </div>
  );
}

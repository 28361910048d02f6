import { PageHeading } from './page-heading'

/** docs/console.md#addresses: an address the console has no page for, with links to those it has. */
export function NoSuchPage(props: { path: string; pages: { path: string; name: string }[] }) {
  return (
    <section class="no-such-page">
      <PageHeading name="No such page" />
      <p>
        The console has no page at <code>#/{props.path}</code>. Its pages:
      </p>
      <ul>
        {props.pages.map((p) => (
          <li class="page-link">
            <a href={`#/${p.path}`}>{p.name}</a>
          </li>
        ))}
      </ul>
    </section>
  )
}

import { ComingSoon } from '../../../components/site/coming-soon'

/** Title of the explore view. */
export const metadata = { title: 'Explore' }

/** The explore view (timeline and map); built in a coming release. */
export default function ExplorePage() {
  return (
    <ComingSoon title="Explore: coming soon">
      The timeline and map explorer is being built: filter events by catalog, dataset, time and place, and share the
      exact view as a link.
    </ComingSoon>
  )
}

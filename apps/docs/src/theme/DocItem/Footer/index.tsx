/**
 * The doc page footer ("Edit this page", previous/next) with a feedback link under it: a new
 * issue in the repository whose title names the page, so every page can be reported on.
 */
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'
import { useDoc } from '@docusaurus/plugin-content-docs/client'
import Footer from '@theme-original/DocItem/Footer'
import type FooterType from '@theme/DocItem/Footer'
import type { WrapperProps } from '@docusaurus/types'
import type { ReactNode } from 'react'

type Props = WrapperProps<typeof FooterType>

/** The new-issue address for feedback on the page titled `title`. */
export function feedbackUrl(repositoryUrl: string, title: string): string {
  const query = new URLSearchParams({ title: `Feedback: ${title}`, labels: 'documentation' })
  return `${repositoryUrl}/issues/new?${query.toString()}`
}

export default function FooterWrapper(props: Props): ReactNode {
  const { metadata } = useDoc()
  const { siteConfig } = useDocusaurusContext()
  const repositoryUrl = String(siteConfig.customFields?.repositoryUrl)
  return (
    <>
      <Footer {...props} />
      <p className="feedback-link">
        Something wrong or missing on this page?{' '}
        <a href={feedbackUrl(repositoryUrl, metadata.title)} target="_blank" rel="noopener noreferrer">
          Give feedback
        </a>
      </p>
    </>
  )
}

import ReactMarkdown from 'react-markdown';

/**
 * Loaded lazily so react-markdown stays out of the initial bundle. No rehype-raw: raw HTML in the fetched
 * text is not rendered, and react-markdown's default URL transform drops `javascript:` links.
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" />,
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}

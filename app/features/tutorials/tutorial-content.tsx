import { Fragment } from "react";
import { contentBlocks } from "../../../core/tutorials/rules.ts";

/**
 * A tutorial's plain-text content as headings and paragraphs with their line breaks. Everything is
 * rendered as React text, never as HTML: whatever a tutorial holds, it cannot inject markup.
 */
export function TutorialContent({ content, language }: { content: string; language: string }) {
  return (
    <div lang={language} className="prose-content mt-10 space-y-5 text-lg leading-relaxed">
      {contentBlocks(content).map((block, index) => {
        if (block.kind === "heading") {
          const Heading = `h${block.level}` as "h2" | "h3" | "h4";
          const size = block.level === 2 ? "text-2xl" : block.level === 3 ? "text-xl" : "text-lg";
          return (
            <Heading key={index} className={`font-display font-semibold ${size} pt-2`}>
              {block.text}
            </Heading>
          );
        }
        return (
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              <Fragment key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        );
      })}
    </div>
  );
}

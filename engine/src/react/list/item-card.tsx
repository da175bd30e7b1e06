import type { Definition, StepDefinition } from '../../core/index.ts';
import { cardContent } from '../../core/index.ts';
import { useEngineTexts } from '../engine-texts.tsx';
import type { ListItem } from './list-types.ts';
import { RatingStars } from './rating-stars.tsx';

/** The visible content of one list entry, as `step.json`'s `card` describes it. */
export function ItemCard({
  definition,
  step,
  item,
  withText = true,
}: {
  definition: Definition;
  step: StepDefinition;
  item: ListItem;
  /** The results view tells the texts in its own sentences. */
  withText?: boolean;
}) {
  const texts = useEngineTexts();
  const { card, values, text, avatar, links, tone } = cardContent(definition, step, item, withText);
  return (
    <div className="item-card">
      {typeof avatar?.image === 'string' ? (
        // Decorative: the persona's name stands next to it.
        <img className="item-avatar" src={avatar.image} alt="" width={48} height={48} />
      ) : null}
      <div className="item-body">
        <div className="item-head">
          <h4 className="item-title">{text(card.title)}</h4>
          {card.badge && values[card.badge] !== undefined ? (
            <span className="badge" data-tone={tone}>
              {text(card.badge)}
            </span>
          ) : null}
          {card.rating && typeof item[card.rating] === 'number' ? (
            <RatingStars value={item[card.rating] as number} />
          ) : null}
        </div>
        {links.map((url, index) => (
          <a key={index} className="item-link" href={url} target="_blank" rel="noopener noreferrer">
            {url}
            <span className="visually-hidden"> ({texts.openLink})</span>
          </a>
        ))}
        {(withText ? (card.text ?? []) : []).map((name) =>
          text(name) ? (
            <p key={name} className="item-text">
              {text(name)}
            </p>
          ) : null,
        )}
      </div>
    </div>
  );
}

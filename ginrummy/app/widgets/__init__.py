"""The widgets the screens are made of: card art, hands, piles, chart, footer, palette."""

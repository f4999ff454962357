"""argparse's own English messages that ``ginrummy``'s command line can show, for the catalogue.

argparse looks its words up through the module-level names ``argparse._`` and
``argparse.ngettext``; `ginrummy.cli.parser` points those at our catalogue. This module only marks
the msgids so that extraction (``make messages``) puts them in the template: each is copied
exactly from argparse (Python 3.11), so the lookup finds it. Nothing imports this at run time.
"""

from __future__ import annotations

from ..text.i18n import N_

ARGPARSE_MESSAGES = (
    # TRANSLATORS: the messages below are argparse's own (the command line's help and errors).
    # Keep every %(...)s, %(...)r, %s and %r exactly as it is (argparse fills them in), and the
    # trailing space of "usage: ".
    # TRANSLATORS: the start of the command line's usage line; keep the trailing space.
    N_("usage: "),
    # TRANSLATORS: a help section title (the arguments without a leading dash).
    N_("positional arguments"),
    # TRANSLATORS: a help section title (the arguments with a leading dash).
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    # TRANSLATORS: argparse; keep %(argument_name)s and %(message)s.
    N_("argument %(argument_name)s: %(message)s"),
    # TRANSLATORS: argparse; keep %s (the arguments, as typed).
    N_("unrecognized arguments: %s"),
    # TRANSLATORS: argparse; keep %s (the other option).
    N_("not allowed with argument %s"),
    # TRANSLATORS: argparse; keep %r (what was typed).
    N_("ignored explicit argument %r"),
    # TRANSLATORS: argparse; keep %s (the missing arguments).
    N_("the following arguments are required: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    # TRANSLATORS: argparse; keep %(option)s and %(matches)s.
    N_("ambiguous option: %(option)s could match %(matches)s"),
    # TRANSLATORS: argparse; keep %s (the option).
    N_("unexpected option string: %s"),
    # TRANSLATORS: argparse; keep %(type)s and %(value)r.
    N_("invalid %(type)s value: %(value)r"),
    # TRANSLATORS: argparse; keep %(value)r and %(choices)s.
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    # TRANSLATORS: argparse; keep %(parser_name)r and %(choices)s.
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)

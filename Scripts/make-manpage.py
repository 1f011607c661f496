#!/usr/bin/env python3
"""Writes forecast(1) from the built binary's own help, as a man(7) page.

Usage: Scripts/make-manpage.py PATH/TO/forecast > forecast.1

The page is made from `forecast ---dump-help` (the commands and the options each takes, as JSON,
written from the option table) and `forecast --version`, so the options, their defaults, the
examples, the exit status and the environment are the ones `forecast --help` prints, and the
version is the one in the code. OPTIONS lists every option: the fetch's, then those of the other
commands, each saying which commands take it.

Every character outside ASCII is written as a groff escape (\\[u6771] for 東), so the file is
ASCII, reads the same with or without preconv, and renders as UTF-8 in a UTF-8 terminal.
The help's discussion is split into man sections at its headings ("EXAMPLES:", "EXIT STATUS:",
"ENVIRONMENT:", any other "HEADING:"); FILES is written here, from the cache's rules.
"""

import datetime
import json
import os
import re
import subprocess
import sys

HEADING = re.compile(r"^([A-Z][A-Z ]*[A-Z]):$")
TERM_AND_TEXT = re.compile(r"^(\S.*?)\s{2,}(\S.*)$")


def escape(text):
    """Text as groff reads it literally: backslashes, minus signs and non-ASCII escaped."""
    out = []
    for character in text:
        if character == "\\":
            out.append("\\e")
        elif character == "-":
            out.append("\\-")
        elif ord(character) > 127:
            out.append("\\[u%04X]" % ord(character))
        else:
            out.append(character)
    return "".join(out)


def text_line(text):
    """One input line of running text; a leading . or ' would be read as a request.
    `code` in the help is set in bold."""
    line = re.sub(r"`([^`]+)`", lambda match: "\\fB" + match.group(1) + "\\fR", escape(text))
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


def bold(text):
    return "\\fB" + escape(text) + "\\fR"


def italic(text):
    return "\\fI" + escape(text) + "\\fR"


def paragraphs(discussion):
    """The discussion's blocks, split at blank lines: (heading or None, lines)."""
    blocks = []
    for block in re.split(r"\n\s*\n", discussion.strip("\n")):
        lines = block.split("\n")
        match = HEADING.match(lines[0].strip())
        if match:
            blocks.append((match.group(1), lines[1:]))
        else:
            blocks.append((None, lines))
    return blocks


def entries(lines):
    """Indented "term  text" lines as (term, text); deeper lines continue the text before."""
    if not lines:
        return []
    indent = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    result = []
    for line in lines:
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth > indent and result:
            term, text = result[-1]
            result[-1] = (term, (text + " " + line.strip()).strip())
            continue
        match = TERM_AND_TEXT.match(line.strip())
        result.append((match.group(1), match.group(2)) if match else (line.strip(), ""))
    return result


def tagged(term, text):
    out = [".TP", term]
    out.append(text_line(text) if text else "\\&")
    return out


def option_term(argument):
    names = argument.get("names") or []
    shown = []
    for name in sorted(names, key=lambda n: n["kind"] != "short"):
        dashes = "-" if name["kind"] in ("short", "longWithSingleDash") else "--"
        shown.append(bold(dashes + name["name"]))
    term = ", ".join(shown)
    if argument["kind"] == "option":
        term += " " + italic(argument.get("valueName", "value"))
    return term


def option_text(argument):
    text = argument.get("abstract", "")
    default = argument.get("defaultValue")
    if argument["kind"] == "option" and default is not None and "default" not in text:
        if re.match(r"^\d+\.0$", default):
            default = default[:-2]
        text = "%s (default: %s)." % (text.rstrip("."), default)
    return text


def exit_status(lines):
    """ "0 every city succeeded; 1 some city failed; …" as one entry per status."""
    joined = " ".join(line.strip() for line in lines)
    pieces = [piece.strip().rstrip(".") for piece in joined.split(";") if piece.strip()]
    parsed = [re.match(r"^(\d+)\s+(.*)$", piece) for piece in pieces]
    if not all(parsed):
        return [".PP", text_line(joined)]
    out = []
    for match in parsed:
        out += tagged(bold(match.group(1)), match.group(2) + ".")
    return out


def files_section(help_text):
    out = [".SH FILES"]
    out += tagged(
        italic("$FORECAST_CACHE_DIR/") + ", " + italic("$XDG_CACHE_HOME/forecast/") + ", "
        + italic("~/.cache/forecast/"),
        "The cache, in the first of these that is set: one file per host and city holding the "
        "body the API sent. An entry is fresh until the weather agency's next publication "
        "(05:00, 11:00 and 17:00 JST); a damaged entry is ignored and replaced. Deleting the "
        "folder is always safe.")
    if "FORECAST_CONFIG" in help_text:
        out += tagged(
            italic("$FORECAST_CONFIG") + ", " + italic("$XDG_CONFIG_HOME/forecast/config") + ", "
            + italic("~/.config/forecast/config"),
            "Default arguments, read from the first of these that is set.")
    return out


def page(tool, version, date):
    # The root is the fetch, `forecast [options] <city>...`, with `week`, `now` and `cities`
    # below it: every subcommand but `cities` (and the parser's `help`) takes cities.
    root = fetch = tool["command"]
    subcommands = {c["commandName"]: c for c in root.get("subcommands", [])}
    cities = subcommands.get("cities")
    fetching = [c for name, c in subcommands.items() if name not in ("cities", "help")]
    blocks = paragraphs(fetch.get("discussion", ""))
    help_text = json.dumps(tool, ensure_ascii=False)

    out = [
        ".\\\" forecast(1), written by Scripts/make-manpage.py from forecast ---dump-help.",
        ".\\\" Do not edit: change the help text in Sources/ForecastCLI and run make man.",
        '.TH FORECAST 1 "%s" "forecast %s" "User Commands"' % (date, escape(version)),
        ".SH NAME",
        "forecast \\- " + text_line(root.get("abstract", "").rstrip(".")),
        ".SH SYNOPSIS",
        bold("forecast") + " [" + italic("options") + "] " + italic("city") + " ...",
        ".br",
    ] + [
        line for command in fetching for line in (
            bold("forecast " + command["commandName"]) + " [" + italic("options") + "] " + italic("city") + " ...", ".br")
    ] + [
        bold("forecast cities") + " [" + italic("query") + "]",
        ".SH DESCRIPTION",
    ]
    for heading, lines in blocks:
        if heading is None:
            out += [".PP", text_line(" ".join(line.strip() for line in lines))]

    out.append(".SH OPTIONS")
    arguments = [a for a in fetch.get("arguments", []) if a.get("shouldDisplay", True)]
    for argument in arguments:
        if argument["kind"] == "positional":
            out += tagged(italic(argument.get("valueName", "argument")) + " ...", argument.get("abstract", ""))
    def long_name(argument):
        return next((n["name"] for n in argument.get("names") or [] if n["kind"] == "long"), None)
    for argument in arguments:
        if argument["kind"] != "positional" and argument.get("names"):
            out += tagged(option_term(argument), option_text(argument))
    # The options the fetch does not take, with the commands that take them.
    shown = {long_name(a) for a in arguments}
    others = {}
    for command in subcommands.values():
        for argument in command.get("arguments", []):
            name = long_name(argument)
            if argument["kind"] != "positional" and name and name not in shown:
                others.setdefault(name, (argument, []))[1].append("forecast " + command["commandName"])
    for argument, commands in others.values():
        out += tagged(option_term(argument), "%s (%s)" % (option_text(argument), ", ".join(commands)))

    out.append(".SH COMMANDS")
    for command in fetching:
        out += tagged(bold("forecast " + command["commandName"]) + " [" + italic("options") + "] " + italic("city") + " ...",
                      " ".join(filter(None, [command.get("abstract"), command.get("discussion")])))
    if cities:
        out += tagged(bold("forecast cities") + " [" + italic("query") + "]",
                      " ".join(filter(None, [cities.get("abstract"), cities.get("discussion")])))

    for heading, lines in blocks:
        if heading is None or heading == "MORE":
            continue
        out.append('.SH "%s"' % heading if " " in heading else ".SH " + heading)
        if heading == "EXIT STATUS":
            out += exit_status(lines)
            continue
        found = entries(lines)
        if found and not any(text for _, text in found):
            # Prose (CONFIG FILE, TEMPLATES, TRUST): one paragraph, filled by the formatter.
            out += [".PP", text_line(" ".join(line.strip() for line in lines if line.strip()))]
            continue
        for term, text in found:
            out += tagged(bold(term), text)
        if heading == "ENVIRONMENT" and "FILES" not in dict(blocks):
            out += files_section(help_text)

    if "ENVIRONMENT" not in dict(blocks) and "FILES" not in dict(blocks):
        out += files_section(help_text)
    out += [".SH SEE ALSO", bold("curl") + "(1)", ".PP",
            "The API: https://weather.tsukumijima.net"]
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: make-manpage.py PATH/TO/forecast > forecast.1")
    binary = sys.argv[1]
    tool = json.loads(subprocess.run([binary, "---dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    version_line = subprocess.run([binary, "--version"], check=True, capture_output=True,
                                  text=True).stdout.split()
    if len(version_line) < 2 or version_line[0] != "forecast":
        sys.exit("make-manpage.py: %s --version did not print 'forecast VERSION …'" % binary)
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    date = (datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).strftime("%Y-%m-%d")
            if epoch else "")
    sys.stdout.write(page(tool, version_line[1], date))


if __name__ == "__main__":
    main()

import Forecast
/// The bash, zsh and fish completion scripts: each only hands the words typed so far to
/// `forecast ---complete` and offers what it prints (``Completion``), so that all three offer
/// what the option table and the commands say, and none can drift from them.
enum CompletionScript {
    static func text(for shell: ParserRequest.Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// bash splits `--format=tsv` at `=` (`COMP_WORDBREAKS`): the words are put back together
    /// for `forecast`, and each word it offers loses what comes before bash's own current word
    /// (which, right after the `=`, is the `=` itself, and the word is put after it).
    static let bash = #"""
        # forecast(1) completion for bash: forecast itself says what fits the word being typed.
        _forecast() {
            local -a words=() lines=()
            local i word line current=${COMP_WORDS[COMP_CWORD]}
            for ((i = 1; i <= COMP_CWORD; i++)); do
                word=${COMP_WORDS[i]}
                if ((${#words[@]} > 0)) && [[ $word == "=" || ${words[-1]} == --*= ]]; then
                    words[-1]+=$word
                else
                    words+=("$word")
                fi
            done
            mapfile -t lines < <("${COMP_WORDS[0]}" ---complete -- "${words[@]}" 2>/dev/null)
            COMPREPLY=()
            if [[ ${lines[0]} == $'\tfiles' ]]; then
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen -f -- "$current")
                return
            fi
            [[ $current == "=" ]] && current=""
            local before=${words[-1]%"$current"}
            for line in "${lines[@]}"; do
                line=${line%%$'\t'*}
                COMPREPLY+=("${line#"$before"}")
            done
        }
        complete -F _forecast forecast

        """#

    /// zsh shows each word with its help, in a column.
    static let zsh = #"""
        #compdef forecast
        # forecast(1) completion for zsh: forecast itself says what fits the word being typed.
        _forecast() {
            local -a lines values shown
            local line
            local -i width=0
            lines=("${(@f)$("${words[1]}" ---complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            if [[ ${lines[1]} == $'\tfiles' ]]; then
                _files
                return
            fi
            for line in "${lines[@]}"; do
                [[ -n $line ]] || continue
                values+=("${line%%$'\t'*}")
                (( ${#values[-1]} > width )) && width=${#values[-1]}
            done
            for line in "${lines[@]}"; do
                [[ -n $line ]] || continue
                if [[ $line == *$'\t'* ]]; then
                    shown+=("${(r:width:)${line%%$'\t'*}}  -- ${line#*$'\t'}")
                else
                    shown+=("$line")
                fi
            done
            compadd -l -d shown -a values
        }
        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
            _forecast "$@"
        else
            compdef _forecast forecast
        fi

        """#

    /// fish reads "word<TAB>help" lines as they are, and keeps their order (`-k`).
    static let fish = #"""
        # forecast(1) completion for fish: forecast itself says what fits the word being typed.
        function __forecast_complete
            set -l words (commandline -opc)
            set -l answer ($words[1] ---complete -- $words[2..-1] (commandline -ct) 2>/dev/null)
            if test "$answer[1]" = \tfiles
                __fish_complete_path (commandline -ct)
                return
            end
            printf '%s\n' $answer
        end
        complete -c forecast -f -k -a '(__forecast_complete)'

        """#
}

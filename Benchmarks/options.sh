# Sourced by the benchmark scripts after they set their defaults: read_options USAGE ARGS… reads the options USAGE
# names, such as "[--latency MS] [--cities N] [--jobs J] [--runs R] [--tls]": an option with a value into the variable
# of its name (--cities into `count`), a flag as 1 into its name with - as _ (--system-store: system_store=1). Anything
# else prints the usage and ends the script with 64.
read_options() {
    local usage=$1 option variable
    shift
    while [ $# -gt 0 ]; do
        option=$1
        variable=${option#--}
        [ "$variable" = cities ] && variable=count
        case " $usage " in
            *" [$option "[A-Z]*"]"*)
                [ $# -ge 2 ] || break
                printf -v "$variable" '%s' "$2"
                shift 2 ;;
            *" [$option]"*)
                printf -v "${variable//-/_}" '%s' 1
                shift ;;
            *) break ;;
        esac
    done
    if [ $# -gt 0 ]; then
        echo "usage: $0 $usage" >&2
        exit 64
    fi
}

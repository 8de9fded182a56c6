/**
 * What every linestore command shares, whichever jar runs it: exit codes, the error reporter,
 * counts and sizes with suffixes. Open to picocli, which sets its mixins' options by reflection.
 */
module io.linestore.cli.common {
    requires transitive info.picocli;

    exports io.linestore.cli.common;

    opens io.linestore.cli.common to info.picocli;
}

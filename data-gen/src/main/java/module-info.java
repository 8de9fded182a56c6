/**
 * Deterministic, self-verifying test data for linestore, and the {@code gen} command on top of it.
 * The command's package is open to picocli, which sets its options by reflection.
 */
module io.linestore.gen {
    requires transitive io.linestore;
    requires transitive info.picocli;
    requires io.linestore.cli.common;
    requires me.tongfei.progressbar;

    exports io.linestore.gen;

    opens io.linestore.gen to info.picocli;
}

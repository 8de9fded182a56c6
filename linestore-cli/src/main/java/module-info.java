/**
 * The {@code linestore} command line ({@code io.linestore.cli.Main}). Exports nothing; its command
 * packages are open to picocli, which builds commands and sets their options by reflection.
 */
module io.linestore.cli {
    requires io.linestore;
    requires io.linestore.cli.common;
    requires io.linestore.gen;
    requires info.picocli;
    requires me.tongfei.progressbar;
    requires com.google.gson;
    requires com.google.common;

    opens io.linestore.cli to info.picocli;
    opens io.linestore.cli.command to info.picocli;
    opens io.linestore.cli.demo to info.picocli;
}

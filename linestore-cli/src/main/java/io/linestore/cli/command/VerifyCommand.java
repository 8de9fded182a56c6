package io.linestore.cli.command;

import io.linestore.LineStore;
import io.linestore.ReadMethod;
import io.linestore.VerifyReport;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore verify STORE}: recomputes every checksum and checks every index entry; prints
 * each problem as {@code file: what is wrong}; exits 0 only when the store is whole.
 */
@Command(name = "verify", description = {
    "Checks every checksum and index entry of a store (reads it all). Prints each problem with its "
            + "file; exits 0 only when the store is whole."
})
public final class VerifyCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", converter = StoreArgumentConverter.class,
            description = "The store's directory, an indexed file, s3://bucket/prefix, or the https:// URL of an indexed"
                    + " file or a store served with its index.")
    private StoreArgument store;

    @Mixin
    private RemoteOptions remote = new RemoteOptions();

    @Option(names = "--index", paramLabel = "URL|DIR", description = RemoteOptions.INDEX)
    private String index;

    /** Made by picocli. */
    public VerifyCommand() {
    }

    @Override
    public Integer call() {
        VerifyReport report;
        long lineCount;
        remote.apply(index);
        try (LineStore lines = store.open(ReadMethod.FILE_CHANNEL)) {
            lineCount = lines.lineCount();
            report = lines.verify();
        }
        PrintWriter out = spec.commandLine().getOut();
        report.problems().forEach(out::println);
        if (report.ok()) {
            out.printf(Locale.ROOT, "%s: ok, %,d lines%n", store, lineCount);
        } else {
            out.printf(Locale.ROOT, "%s: %d problem%s%n", store, report.problems().size(),
                    report.problems().size() == 1 ? "" : "s");
        }
        out.flush();
        return report.ok() ? ExitCodes.OK : ExitCodes.FAILURE;
    }
}

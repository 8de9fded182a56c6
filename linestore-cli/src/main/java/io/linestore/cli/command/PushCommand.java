package io.linestore.cli.command;

import io.linestore.LineStores;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore push STORE s3://bucket/prefix}: uploads a local store to object storage
 * atomically, and prints a one-line summary. The launcher runs it with {@code linestore-s3} on
 * the class path (the target is an {@code s3://} URI).
 */
@Command(name = "push", description = {
    "Uploads a local store to object storage (s3://bucket/prefix) atomically: its files under new keys "
            + "(large ones in parts), the manifest last, so readers of the target see the old store (or nothing) "
            + "until the new one is whole, however the push ends. Files the target holds unchanged are kept."
})
public final class PushCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", description = "The local store's directory.")
    private Path store;

    @Parameters(index = "1", paramLabel = "TARGET", converter = StoreArgumentConverter.class,
            description = "Where to put it: s3://bucket/prefix.")
    private StoreArgument target;

    @Mixin
    private RemoteOptions remote = new RemoteOptions();

    /** Made by picocli. */
    public PushCommand() {
    }

    @Override
    public Integer call() {
        if (!target.isUri()) {
            throw new ParameterException(spec.commandLine(), "TARGET must be a URI such as s3://bucket/prefix, not "
                    + target + " (copy a local store with cp -r)");
        }
        remote.apply();
        long started = System.nanoTime();
        long bytes = LineStores.push(store, target.uri());
        PrintWriter out = spec.commandLine().getOut();
        if (bytes == 0) {
            out.printf(Locale.ROOT, "%s already holds %s: nothing uploaded%n", target, store);
        } else {
            out.printf(Locale.ROOT, "pushed %s to %s: %.1f MB, %.2f s%n", store, target, bytes / 1e6,
                    (System.nanoTime() - started) / 1e9);
        }
        out.flush();
        return ExitCodes.OK;
    }
}

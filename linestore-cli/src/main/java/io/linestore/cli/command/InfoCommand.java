package io.linestore.cli.command;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linestore info STORE [--json]}: what the store's manifest says, as aligned text or as one
 * JSON object (see {@link StoreDescription} for its keys).
 */
@Command(name = "info", description = "Describes a store: layout, line count, sizes, shards, index stride.")
public final class InfoCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "STORE", description = "The store's directory.")
    private Path store;

    @Option(names = "--json", description = "Print one JSON object instead of text.")
    private boolean json;

    /** Made by picocli. */
    public InfoCommand() {
    }

    @Override
    public Integer call() {
        StoreInfo info;
        try (LineStore lines = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
            info = lines.info();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(StoreDescription.of(store, info).toJson());
        } else {
            printText(out, info);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private void printText(PrintWriter out, StoreInfo info) {
        out.printf(Locale.ROOT, "store          %s%n", store);
        out.printf(Locale.ROOT, "format         %d%n", info.formatVersion());
        out.printf(Locale.ROOT, "layout         %s%n", OptionNames.of(info.layout()));
        out.printf(Locale.ROOT, "lines          %,d%n", info.lineCount());
        out.printf(Locale.ROOT, "data bytes     %,d%n", info.dataBytes());
        out.printf(Locale.ROOT, "index bytes    %,d (%.2f per line)%n", info.indexBytes(), info.indexBytesPerLine());
        if (info.layout() == Layout.SHARDED) {
            out.printf(Locale.ROOT, "shards         %,d (%,d lines each)%n", info.shardCount(), info.linesPerShard());
        } else {
            out.printf(Locale.ROOT, "shards         %,d%n", info.shardCount());
        }
        out.printf(Locale.ROOT, "index          %s%n", describe(info.index()));
    }

    private static String describe(IndexKind index) {
        if (index.isCompact()) {
            return index + " (every line in constant time, Elias-Fano coded)";
        }
        return switch (index.stride()) {
            case 0 -> "none (reads scan from the start of their shard)";
            case 1 -> "dense (an 8-byte entry per line)";
            default -> index + " (an 8-byte entry every " + index.stride() + " lines: reads scan up to "
                    + (index.stride() - 1) + " lines)";
        };
    }
}

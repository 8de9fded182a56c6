package io.linestore.cli.command;

import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.LineStore;
import io.linestore.cli.common.OptionNames;
import io.linestore.ReadMethod;
import io.linestore.StoreInfo;
import io.linestore.cli.common.ExitCodes;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * {@code linestore info STORE [--json]}: what the store's manifest says, as aligned text or as one
 * JSON object (see {@link StoreDescription} for its keys).
 */
public final class InfoCommand implements Callable<Integer> {

    private final CommandSpec spec;
    private final PositionalParamSpec store = PositionalParamSpec.builder()
            .index("0").paramLabel("STORE").type(StoreArgument.class).converters(StoreArgument::new).required(true)
            .description("The store's directory, an indexed file, s3://bucket/prefix, or the https:// URL of an indexed"
                    + " file or a store served with its index.").build();
    private final OptionSpec json = Flag.of("--json", "Print one JSON object instead of text.");
    private final RemoteOptions.Specs remote = new RemoteOptions.Specs();

    private InfoCommand() {
        spec = CommandSpec.wrapWithoutInspection(this).name("info");
        spec.usageMessage().description(
                "Describes a store: format, layout, line count, sizes, shards, index kind and bytes per line.");
        spec.add(store).add(json);
        remote.addTo(spec);
    }

    /**
     * Describes the command to picocli, without annotations (see {@link io.linestore.cli.LinestoreCommand}).
     *
     * @return the command's model, bound to a new command
     */
    public static CommandSpec spec() {
        return new InfoCommand().spec;
    }

    @Override
    public Integer call() {
        StoreArgument path = store.getValue();
        remote.apply();
        StoreInfo info;
        try (LineStore lines = path.open(ReadMethod.FILE_CHANNEL)) {
            info = lines.info();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.<Boolean>getValue()) {
            out.println(StoreDescription.of(path.toString(), info).toJson());
        } else {
            printText(out, path, info);
        }
        out.flush();
        return ExitCodes.OK;
    }

    private static void printText(PrintWriter out, StoreArgument store, StoreInfo info) {
        out.printf(Locale.ROOT, "store          %s%n", store);
        out.printf(Locale.ROOT, "format         %d%n", info.formatVersion());
        out.printf(Locale.ROOT, "layout         %s%n", OptionNames.of(info.layout()));
        out.printf(Locale.ROOT, "lines          %,d%n", info.lineCount());
        if (info.compression().compressed()) {
            out.printf(Locale.ROOT, "data bytes     %,d (%.3f of the text's %,d bytes)%n", info.dataBytes(),
                    info.textBytes() == 0 ? 0 : (double) info.dataBytes() / info.textBytes(), info.textBytes());
            if (info.compression().inPlace()) {
                out.printf(Locale.ROOT, "compression    %s, indexed in place: a checkpoint every %,d bytes of text%n",
                        info.compression(), info.compression().blockBytes());
            } else {
                out.printf(Locale.ROOT, "compression    %s, blocks of %,d bytes%n", info.compression(),
                        info.compression().blockBytes());
            }
        } else {
            out.printf(Locale.ROOT, "data bytes     %,d%n", info.dataBytes());
        }
        out.printf(Locale.ROOT, "index bytes    %,d (%.2f per line)%n", info.indexBytes(), info.indexBytesPerLine());
        if (info.layout() == Layout.SHARDED) {
            out.printf(Locale.ROOT, "shards         %,d (%,d lines each)%n", info.shardCount(), info.linesPerShard());
        } else {
            out.printf(Locale.ROOT, "shards         %,d%n", info.shardCount());
        }
        out.printf(Locale.ROOT, "index          %s%n", describe(info.index()));
        if (store.isUri()) {
            // Every --reader reads an object store the same way.
            out.printf(Locale.ROOT, "reads          ranged GETs of the objects, whatever --reader says%n");
        }
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

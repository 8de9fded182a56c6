package io.linestore.cli.command;

import com.google.gson.stream.JsonWriter;
import io.linestore.Layout;
import io.linestore.cli.common.OptionNames;
import io.linestore.StoreInfo;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The JSON object {@code linestore info --json} prints, one key per component.
 *
 * @param store the store's directory, as given
 * @param formatVersion the on-disk format version
 * @param layout {@code single} or {@code sharded}
 * @param lineCount lines in the store
 * @param dataBytes bytes of all data files
 * @param indexBytes bytes of all index files
 * @param indexBytesPerLine index bytes divided by lines (0 for an empty store)
 * @param shardCount data files
 * @param linesPerShard lines per shard; {@code null} for a single-file store
 * @param indexStride lines per index entry: 1 compact or dense, {@code K > 1} sparse, 0 none
 * @param index the index kind: {@code compact}, {@code dense}, {@code sparse:K} or {@code none}
 * @param compression {@code none} or {@code zstd:LEVEL}
 * @param blockBytes uncompressed bytes per block of a compressed store; {@code null} for an uncompressed one
 * @param textBytes bytes of the lines as stored, uncompressed ({@code dataBytes} for an uncompressed store)
 */
public record StoreDescription(
        String store,
        int formatVersion,
        String layout,
        long lineCount,
        long dataBytes,
        long indexBytes,
        double indexBytesPerLine,
        int shardCount,
        Long linesPerShard,
        int indexStride,
        String index,
        String compression,
        Integer blockBytes,
        long textBytes) {

    /**
     * Describes a store.
     *
     * @param store its directory, or its URI
     * @param info what its manifest says
     * @return the description
     */
    public static StoreDescription of(String store, StoreInfo info) {
        return new StoreDescription(
                store,
                info.formatVersion(),
                OptionNames.of(info.layout()),
                info.lineCount(),
                info.dataBytes(),
                info.indexBytes(),
                info.indexBytesPerLine(),
                info.shardCount(),
                info.layout() == Layout.SHARDED ? info.linesPerShard() : null,
                info.indexStride(),
                info.index().toString(),
                info.compression().toString(),
                info.compression().compressed() ? info.compression().blockBytes() : null,
                info.textBytes());
    }

    /**
     * This description as one JSON object, one key per component in declaration order, written
     * with Gson's streaming writer (the JSON library the manifest is read with).
     *
     * @return the JSON text, without a line break
     */
    public String toJson() {
        StringWriter text = new StringWriter();
        try (JsonWriter json = new JsonWriter(text)) {
            json.beginObject();
            json.name("store").value(store);
            json.name("formatVersion").value(formatVersion);
            json.name("layout").value(layout);
            json.name("lineCount").value(lineCount);
            json.name("dataBytes").value(dataBytes);
            json.name("indexBytes").value(indexBytes);
            json.name("indexBytesPerLine").value(indexBytesPerLine);
            json.name("shardCount").value(shardCount);
            if (linesPerShard == null) {
                json.name("linesPerShard").nullValue();
            } else {
                json.name("linesPerShard").value(linesPerShard);
            }
            json.name("indexStride").value(indexStride);
            json.name("index").value(index);
            json.name("compression").value(compression);
            if (blockBytes == null) {
                json.name("blockBytes").nullValue();
            } else {
                json.name("blockBytes").value(blockBytes);
            }
            json.name("textBytes").value(textBytes);
            json.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON to a string", e);
        }
        return text.toString();
    }
}

import Testing
@testable import TodoConfig

/// The TOML reader against the examples of the TOML 1.0 specification
/// (https://toml.io/en/v1.0.0), valid and invalid, and the edges of its own
/// bounds. `TOMLReferenceTests` reads the same documents with Python's tomllib.
@Suite("The TOML reader")
struct TOMLParserTests {
    /// Documents and the tables they hold.
    static let valid: [(String, [String: TOMLValue])] = [
        ("", [:]),
        ("# This is a full-line comment\nkey = \"value\"  # This is a comment at the end of a line\nanother = \"# This is not a comment\"\n",
         ["key": .string("value"), "another": .string("# This is not a comment")]),
        ("key = \"value\"\nbare_key = \"value\"\nbare-key = \"value\"\n1234 = \"value\"",
         ["key": .string("value"), "bare_key": .string("value"), "bare-key": .string("value"), "1234": .string("value")]),
        ("\"127.0.0.1\" = \"value\"\n\"character encoding\" = \"value\"\n\"ʎǝʞ\" = \"value\"\n'key2' = \"value\"\n'quoted \"value\"' = \"value\"\n\"\" = \"blank\"",
         ["127.0.0.1": .string("value"), "character encoding": .string("value"), "ʎǝʞ": .string("value"), "key2": .string("value"),
          "quoted \"value\"": .string("value"), "": .string("blank")]),
        ("name = \"Orange\"\nphysical.color = \"orange\"\nphysical.shape = \"round\"\nsite.\"google.com\" = true",
         ["name": .string("Orange"), "physical": .table(["color": .string("orange"), "shape": .string("round")]),
          "site": .table(["google.com": .boolean(true)])]),
        ("fruit.name = \"banana\"\nfruit. color = \"yellow\"\nfruit . flavor = \"banana\"",
         ["fruit": .table(["name": .string("banana"), "color": .string("yellow"), "flavor": .string("banana")])]),
        ("3.14159 = \"pi\"", ["3": .table(["14159": .string("pi")])]),
        ("apple.type = \"fruit\"\norange.type = \"fruit\"\napple.skin = \"thin\"\norange.skin = \"thick\"",
         ["apple": .table(["type": .string("fruit"), "skin": .string("thin")]),
          "orange": .table(["type": .string("fruit"), "skin": .string("thick")])]),
        // Strings.
        (#"str = "I'm a string. \"You can quote me\". Name\tJos\u00E9\nLocation\tSF.""#,
         ["str": .string("I'm a string. \"You can quote me\". Name\tJosé\nLocation\tSF.")]),
        (#"s = "\b\t\n\f\r\"\\\u0041\U0001F600""#, ["s": .string("\u{8}\t\n\u{C}\r\"\\A😀")]),
        ("str1 = \"\"\"\nRoses are red\nViolets are blue\"\"\"", ["str1": .string("Roses are red\nViolets are blue")]),
        ("str1 = \"\"\"\r\nRoses are red\r\nViolets are blue\"\"\"", ["str1": .string("Roses are red\nViolets are blue")]),
        ("str2 = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"\nstr3 = \"\"\"\\\n       The quick brown \\\n       fox jumps over \\\n       the lazy dog.\\\n       \"\"\"",
         ["str2": .string("The quick brown fox jumps over the lazy dog."), "str3": .string("The quick brown fox jumps over the lazy dog.")]),
        ("s = \"\"\"a \\   \n   b\"\"\"", ["s": .string("a b")]),
        (#"str4 = """Here are two quotation marks: "". Simple enough.""""#, ["str4": .string("Here are two quotation marks: \"\". Simple enough.")]),
        (#"str5 = """Here are three quotation marks: ""\".""""#, ["str5": .string("Here are three quotation marks: \"\"\".")]),
        (#"str6 = """Here are fifteen quotation marks: ""\"""\"""\"""\"""\".""""#,
         ["str6": .string("Here are fifteen quotation marks: " + String(repeating: "\"", count: 15) + ".")]),
        (#"str7 = """"This," she said, "is just a pointless statement."""""#,
         ["str7": .string("\"This,\" she said, \"is just a pointless statement.\"")]),
        (#"winpath  = 'C:\Users\nodejs\templates'"# + "\n" + #"winpath2 = '\\ServerX\admin$\system32\'"# + "\n"
            + #"quoted   = 'Tom "Dubs" Preston-Werner'"# + "\n" + #"regex    = '<\i\c*\s*>'"#,
         ["winpath": .string(#"C:\Users\nodejs\templates"#), "winpath2": .string(#"\\ServerX\admin$\system32\"#),
          "quoted": .string("Tom \"Dubs\" Preston-Werner"), "regex": .string(#"<\i\c*\s*>"#)]),
        ("regex2 = '''I [dw]on't need \\d{2} apples'''\nlines  = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''",
         ["regex2": .string("I [dw]on't need \\d{2} apples"),
          "lines": .string("The first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n")]),
        ("quot15 = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\napos15 = \"Here are fifteen apostrophes: '''''''''''''''\"\nstr = ''''That,' she said, 'is still pointless.''''",
         ["quot15": .string("Here are fifteen quotation marks: " + String(repeating: "\"", count: 15)),
          "apos15": .string("Here are fifteen apostrophes: " + String(repeating: "'", count: 15)),
          "str": .string("'That,' she said, 'is still pointless.'")]),
        ("tab = \"a\tb\"\nliteral = 'a\tb'", ["tab": .string("a\tb"), "literal": .string("a\tb")]),
        // Integers.
        ("int1 = +99\nint2 = 42\nint3 = 0\nint4 = -17\nint5 = 1_000\nint6 = 5_349_221\nint7 = 53_49_221\nint8 = 1_2_3_4_5\nzero1 = +0\nzero2 = -0",
         ["int1": .integer(99), "int2": .integer(42), "int3": .integer(0), "int4": .integer(-17), "int5": .integer(1000),
          "int6": .integer(5_349_221), "int7": .integer(5_349_221), "int8": .integer(12345), "zero1": .integer(0), "zero2": .integer(0)]),
        ("hex1 = 0xDEADBEEF\nhex2 = 0xdeadbeef\nhex3 = 0xdead_beef\noct1 = 0o01234567\noct2 = 0o755\nbin1 = 0b11010110",
         ["hex1": .integer(0xDEADBEEF), "hex2": .integer(0xDEADBEEF), "hex3": .integer(0xDEADBEEF), "oct1": .integer(0o1234567),
          "oct2": .integer(0o755), "bin1": .integer(0b11010110)]),
        ("max = 9223372036854775807\nmin = -9223372036854775808\nhex = 0x7FFFFFFFFFFFFFFF",
         ["max": .integer(.max), "min": .integer(.min), "hex": .integer(.max)]),
        // Floats.
        ("flt1 = +1.0\nflt2 = 3.1415\nflt3 = -0.01\nflt4 = 5e+22\nflt5 = 1e06\nflt6 = -2E-2\nflt7 = 6.626e-34\nflt8 = 224_617.445_991_228\nflt9 = 0e0\nflt10 = -0.0",
         ["flt1": .float(1), "flt2": .float(3.1415), "flt3": .float(-0.01), "flt4": .float(5e22), "flt5": .float(1e6),
          "flt6": .float(-0.02), "flt7": .float(6.626e-34), "flt8": .float(224_617.445_991_228), "flt9": .float(0), "flt10": .float(-0.0)]),
        ("sf1 = inf\nsf2 = +inf\nsf3 = -inf", ["sf1": .float(.infinity), "sf2": .float(.infinity), "sf3": .float(-.infinity)]),
        // Booleans.
        ("bool1 = true\nbool2 = false", ["bool1": .boolean(true), "bool2": .boolean(false)]),
        // Dates and times, kept as written.
        ("odt1 = 1979-05-27T07:32:00Z\nodt2 = 1979-05-27T00:32:00-07:00\nodt3 = 1979-05-27T00:32:00.999999-07:00\nodt4 = 1979-05-27 07:32:00Z",
         ["odt1": .dateTime("1979-05-27T07:32:00Z"), "odt2": .dateTime("1979-05-27T00:32:00-07:00"),
          "odt3": .dateTime("1979-05-27T00:32:00.999999-07:00"), "odt4": .dateTime("1979-05-27 07:32:00Z")]),
        ("ldt1 = 1979-05-27T07:32:00\nldt2 = 1979-05-27t00:32:00.999999\nld1 = 1979-05-27\nlt1 = 07:32:00\nlt2 = 00:32:00.999999\nleap = 2024-02-29",
         ["ldt1": .dateTime("1979-05-27T07:32:00"), "ldt2": .dateTime("1979-05-27t00:32:00.999999"), "ld1": .dateTime("1979-05-27"),
          "lt1": .dateTime("07:32:00"), "lt2": .dateTime("00:32:00.999999"), "leap": .dateTime("2024-02-29")]),
        ("d = 1979-05-27 # a date, then a comment", ["d": .dateTime("1979-05-27")]),
        // Arrays.
        ("integers = [ 1, 2, 3 ]\ncolors = [ \"red\", \"yellow\", \"green\" ]\nnested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]",
         ["integers": .array([.integer(1), .integer(2), .integer(3)]),
          "colors": .array([.string("red"), .string("yellow"), .string("green")]),
          "nested_arrays_of_ints": .array([.array([.integer(1), .integer(2)]), .array([.integer(3), .integer(4), .integer(5)])])]),
        ("string_array = [ \"all\", 'strings', \"\"\"are the same\"\"\", '''type''' ]\nnumbers = [ 0.1, 0.2, 1, 2 ]\nempty = []",
         ["string_array": .array([.string("all"), .string("strings"), .string("are the same"), .string("type")]),
          "numbers": .array([.float(0.1), .float(0.2), .integer(1), .integer(2)]), "empty": .array([])]),
        ("contributors = [\n  \"Foo Bar <foo@example.com>\",\n  { name = \"Baz Qux\", email = \"bazqux@example.com\" }\n]",
         ["contributors": .array([.string("Foo Bar <foo@example.com>"),
                                  .table(["name": .string("Baz Qux"), "email": .string("bazqux@example.com")])])]),
        ("integers2 = [\n  1, 2, 3\n]\nintegers3 = [\n  1,\n  2, # this is ok\n]\ncomments = [ # one\n # two\n]",
         ["integers2": .array([.integer(1), .integer(2), .integer(3)]), "integers3": .array([.integer(1), .integer(2)]),
          "comments": .array([])]),
        // Tables.
        ("[table-1]\nkey1 = \"some string\"\nkey2 = 123\n\n[table-2]\nkey1 = \"another string\"\nkey2 = 456",
         ["table-1": .table(["key1": .string("some string"), "key2": .integer(123)]),
          "table-2": .table(["key1": .string("another string"), "key2": .integer(456)])]),
        ("[dog.\"tater.man\"]\ntype.name = \"pug\"",
         ["dog": .table(["tater.man": .table(["type": .table(["name": .string("pug")])])])]),
        ("[a.b.c]\n[ d.e.f ]\n[ g .  h  . i ]\n[ j . \"ʞ\" . 'l' ]",
         ["a": .table(["b": .table(["c": .table([:])])]), "d": .table(["e": .table(["f": .table([:])])]),
          "g": .table(["h": .table(["i": .table([:])])]), "j": .table(["ʞ": .table(["l": .table([:])])])]),
        ("# [x] you\n# [x.y] don't\n# [x.y.z] need these\n[x.y.z.w] # for this to work\n\n[x] # defining a super-table afterward is ok",
         ["x": .table(["y": .table(["z": .table(["w": .table([:])])])])]),
        ("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n\n[fruit.apple.texture]  # you can add sub-tables\nsmooth = true",
         ["fruit": .table(["apple": .table(["color": .string("red"), "taste": .table(["sweet": .boolean(true)]),
                                            "texture": .table(["smooth": .boolean(true)])])])]),
        ("[a.b.c]\nz = 1\n[a]\nb.d = 2", ["a": .table(["b": .table(["c": .table(["z": .integer(1)]), "d": .integer(2)])])]),
        ("a.b = 1\n[a.c]\nd = 2", ["a": .table(["b": .integer(1), "c": .table(["d": .integer(2)])])]),
        // Inline tables.
        ("name = { first = \"Tom\", last = \"Preston-Werner\" }\npoint = { x = 1, y = 2 }\nanimal = { type.name = \"pug\" }\nempty = {}",
         ["name": .table(["first": .string("Tom"), "last": .string("Preston-Werner")]), "point": .table(["x": .integer(1), "y": .integer(2)]),
          "animal": .table(["type": .table(["name": .string("pug")])]), "empty": .table([:])]),
        ("t = { a.b = 1, a.c = 2, d = { e = [1,\n2] } }",
         ["t": .table(["a": .table(["b": .integer(1), "c": .integer(2)]), "d": .table(["e": .array([.integer(1), .integer(2)])])])]),
        // Arrays of tables.
        ("[[products]]\nname = \"Hammer\"\nsku = 738594937\n\n[[products]]  # empty table within the array\n\n[[products]]\nname = \"Nail\"\nsku = 284758393\n\ncolor = \"gray\"",
         ["products": .array([.table(["name": .string("Hammer"), "sku": .integer(738_594_937)]), .table([:]),
                              .table(["name": .string("Nail"), "sku": .integer(284_758_393), "color": .string("gray")])])]),
        ("[[fruits]]\nname = \"apple\"\n\n[fruits.physical]  # subtable\ncolor = \"red\"\nshape = \"round\"\n\n[[fruits.varieties]]  # nested array of tables\nname = \"red delicious\"\n\n[[fruits.varieties]]\nname = \"granny smith\"\n\n\n[[fruits]]\nname = \"banana\"\n\n[[fruits.varieties]]\nname = \"plantain\"",
         ["fruits": .array([
             .table(["name": .string("apple"), "physical": .table(["color": .string("red"), "shape": .string("round")]),
                     "varieties": .array([.table(["name": .string("red delicious")]), .table(["name": .string("granny smith")])])]),
             .table(["name": .string("banana"), "varieties": .array([.table(["name": .string("plantain")])])]),
         ])]),
        ("points = [ { x = 1, y = 2 },\n           { x = 7, y = 8 } ]",
         ["points": .array([.table(["x": .integer(1), "y": .integer(2)]), .table(["x": .integer(7), "y": .integer(8)])])]),
        ("[[a]]\nb.c = 1\n[[a]]\nb.c = 2", ["a": .array([.table(["b": .table(["c": .integer(1)])]), .table(["b": .table(["c": .integer(2)])])])]),
        // Line ends, a byte order mark, blanks.
        ("\u{FEFF}a = 1\r\nb = 2 # done\r\n", ["a": .integer(1), "b": .integer(2)]),
        ("\t a\t=\t1\t\n\n   \n", ["a": .integer(1)]),
    ]

    @Test("A valid document gives its table", arguments: valid)
    func readsValid(document: String, table: [String: TOMLValue]) throws {
        #expect(try TOMLParser.parse(document) == table)
    }

    @Test("nan is read as a float that is not a number, with either sign")
    func nan() throws {
        let table = try TOMLParser.parse("sf4 = nan\nsf5 = +nan\nsf6 = -nan")
        for key in ["sf4", "sf5", "sf6"] {
            guard case .float(let value) = table[key] else {
                Issue.record("\(key) is \(String(describing: table[key]))")
                continue
            }
            #expect(value.isNaN)
        }
    }

    /// Documents TOML refuses, the line of the refusal, and its reason.
    static let invalid: [(String, Int, String)] = [
        // Key/value pairs.
        ("key = # INVALID", 1, "expected a value for “key”, found “#”"),
        ("key =", 1, "expected a value for “key”, found the end of the file"),
        ("due-soon-hours = 24\nreminder-time = ", 2, "expected a value for “reminder-time”, found the end of the file"),
        ("first = \"Tom\" last = \"Preston-Werner\" # INVALID", 1, "expected the end of the line after the value of “first”, found “l”"),
        ("= \"no key name\"  # INVALID", 1, "expected a key, found “=”"),
        ("this is = = not TOML\n", 1, "expected “=” after the key “this”, found “i”"),
        ("key\n= 1", 1, "expected “=” after the key “key”, found the end of the line"),
        ("a. = 1", 1, "expected a key, found “=”"),
        ("a..b = 1", 1, "expected a key, found “.”"),
        ("\"\"\"a\"\"\" = 1", 1, "expected “=” after the key “\"\"”, found “\"”"),
        ("a = 1\r", 1, "a carriage return must be followed by a line feed"),
        ("a = tru", 1, "“tru” is not a value TOML reads: text goes in quotes, such as \"tru\""),
        ("a = true false", 1, "expected the end of the line after the value of “a”, found “f”"),
        ("a = yes", 1, "“yes” is not a value TOML reads: text goes in quotes, such as \"yes\""),
        ("a = 1 # bell \u{7}", 1, "a comment may not hold the control character U+0007"),
        // Defined twice.
        ("name = \"Tom\"\nname = \"Pradyun\"", 2, "the key “name” is defined twice"),
        ("spelling = \"favorite\"\n\"spelling\" = \"favourite\"", 2, "the key “spelling” is defined twice"),
        ("fruit.apple = 1\nfruit.apple.smooth = true", 2,
         "“fruit.apple” already holds a value, so the dotted key “fruit.apple.smooth” cannot make it a table"),
        ("[fruit]\napple = \"red\"\n\n[fruit]\norange = \"orange\"", 4, "the table [fruit] is already defined above, and a table is defined once"),
        ("[fruit]\napple = \"red\"\n\n[fruit.apple]\ntexture = \"smooth\"", 4,
         "“fruit.apple” already holds a value, so [fruit.apple] cannot make it a table"),
        ("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple]", 4,
         "the table [fruit.apple] is already defined with dotted keys above, and a table is defined once"),
        ("[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.taste]", 4,
         "the table [fruit.apple.taste] is already defined with dotted keys above, and a table is defined once"),
        ("[a.b.c]\nz = 9\n[a]\nb.c.t = 1", 4, "the table “b.c” is defined elsewhere, so the dotted key “b.c.t” cannot add to it here"),
        ("a.b = 1\n[a]", 2, "the table [a] is already defined with dotted keys above, and a table is defined once"),
        ("[product]\ntype = { name = \"Nail\" }\ntype.edible = false  # INVALID", 3,
         "“type” is an inline table, complete as written, so the dotted key “type.edible” cannot add to it"),
        ("[product]\ntype.name = \"Nail\"\ntype = { edible = false }  # INVALID", 3, "the key “type” is defined twice"),
        ("a = {}\n[a.b]", 2, "“a” is an inline table, complete as written, so [a.b] cannot add to it"),
        ("a = { b.c = 1, b = 2 }", 1, "the key “b” is defined twice"),
        ("[fruit.physical]\ncolor = \"red\"\n\n[[fruit]]\nname = \"apple\"", 4,
         "[[fruit]] cannot add to the table [fruit], which is not an array of tables"),
        ("fruits = []\n\n[[fruits]] # Not allowed", 3, "[[fruits]] cannot add to “fruits”, an array written in brackets, which is complete as written"),
        ("[[fruits]]\nname = \"apple\"\n[[fruits.varieties]]\nname = \"red delicious\"\n[fruits.varieties]\nname = \"granny smith\"", 5,
         "[fruits.varieties] names an array of tables, which only [[fruits.varieties]] adds to"),
        ("[[fruits]]\n[fruits.physical]\ncolor = \"red\"\n[[fruits.physical]]\ncolor = \"green\"", 4,
         "[[fruits.physical]] cannot add to the table [fruits.physical], which is not an array of tables"),
        ("a = 1\n[a.b]", 2, "“a” already holds a value, so [a.b] cannot make it a table"),
        // Headers.
        ("[a", 1, "expected “]” to close the table header, found the end of the file"),
        ("[[a]\n", 1, "expected “]]” to close the header of an array of tables, found the end of the line"),
        ("[a] b = 1", 1, "expected the end of the line after the table header, found “b”"),
        ("[]", 1, "expected a key, found “]”"),
        // Strings.
        ("str5 = \"\"\"Here are three quotation marks: \"\"\".\"\"\"  # INVALID", 1,
         "expected the end of the line after the value of “str5”, found “.”"),
        ("a = 'It's'", 1, "expected the end of the line after the value of “a”, found “s”"),
        ("a = \"open", 1, "the string opened here is never closed"),
        ("a = \"open\nb = 1\"", 1, "the string is not closed with “\"” before the end of the line"),
        ("a = 'open\n'", 1, "the string is not closed with “'” before the end of the line"),
        ("a = \"\"\"\none\ntwo", 1, "the string opened here is never closed"),
        ("a = '''\none\ntwo", 1, "the string opened here is never closed"),
        ("a = \"\"\"\n\\q\"\"\"", 2, #"“\q” is not an escape: the escapes are \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX"#),
        ("a = \"\\x41\"", 1, #"“\x” is not an escape: the escapes are \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX"#),
        ("a = \"a \\ b\"", 1, #"a backslash followed by a space is not an escape: the escapes are \b, \t, \n, \f, \r, \", \\, \uXXXX and \UXXXXXXXX"#),
        ("a = \"\\uD800\"", 1, "“\\uD800” is not a Unicode scalar value"),
        ("a = \"\\U00110000\"", 1, "“\\U00110000” is not a Unicode scalar value"),
        ("a = \"\\u12\"", 1, "a \\u escape needs 4 hexadecimal digits"),
        ("a = \"bell \u{7}\"", 1, "a string may not hold the control character U+0007: write it as an escape such as \\u0007"),
        ("a = 'bell \u{7F}'", 1,
         "a literal string may not hold the control character U+007F: write it in a basic string, as an escape such as \\u007F"),
        ("a = " + String(repeating: "\"", count: 9), 1, "a multi-line string ends with at most five quotes in a row: escape the others"),
        // Numbers.
        ("invalid_float_1 = .7", 1, "“.7” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("invalid_float_2 = 7.", 1, "“7.” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("invalid_float_3 = 3.e+20", 1, "“3.e+20” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 0123", 1, "“0123” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 1__2", 1, "“1__2” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 1_", 1, "“1_” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = _1", 1, "“_1” is not a value TOML reads: text goes in quotes, such as \"_1\""),
        ("a = +0x1", 1, "“+0x1” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 0xG", 1, "“0xG” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 0o8", 1, "“0o8” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 0b102", 1, "“0b102” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = 1e_5", 1, "“1e_5” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        ("a = infinity", 1, "“infinity” is not a value TOML reads: text goes in quotes, such as \"infinity\""),
        ("a = 1-2", 1, "“1-2” is not a number TOML reads, such as 42, -17, 0x2A, 3.5, 1e6 or inf"),
        // Dates and times.
        ("a = 1979-13-27", 1, "“1979-13-27” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 1979-02-29", 1, "“1979-02-29” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 1979-05-27T07:32", 1, "“1979-05-27T07:32” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 1979-05-27T24:00:00", 1, "“1979-05-27T24:00:00” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 1979-05-27T07:32:00+7:00", 1, "“1979-05-27T07:32:00+7:00” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 1979-05-27T07:32:00.", 1, "“1979-05-27T07:32:00.” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("reminder-time = 09:00", 1, "“09:00” is not a date or time TOML reads, such as 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z: text goes in quotes"),
        ("a = 07:32:00Z", 1, "expected the end of the line after the value of “a”, found “Z”"),
        // Arrays.
        ("a = [1, 2", 1, "the array opened here is never closed with “]”"),
        ("a = [\n1,\n2\n", 1, "the array opened here is never closed with “]”"),
        ("a = [1 2]", 1, "expected “,” or “]” after an element of the array “a”, found “2”"),
        ("a = [,]", 1, "expected a value for “a”, found “,”"),
        ("a = [1,,]", 1, "expected a value for “a”, found “,”"),
        // Inline tables.
        ("a = { b = 1,\n c = 2 }", 1, "expected a key, found the end of the line"),
        ("a = { b = 1\n}", 1, "an inline table must be closed with “}” on the line where it opens"),
        ("a = { b = 1, }", 1, "an inline table may not end with a comma"),
        ("a = { b = 1 c = 2 }", 1, "expected “,” or “}” in the inline table, found “c”"),
        ("a = { b = 1, b = 2 }", 1, "the key “b” is defined twice"),
    ]

    @Test("An invalid document is refused with its line and one clause saying why", arguments: invalid)
    func refusesInvalid(document: String, line: Int, reason: String) {
        #expect(throws: TOMLError(line: line, reason: reason)) { try TOMLParser.parse(document) }
    }

    /// Integers TOML refuses as out of range, which Python reads (its
    /// integers have no bound): kept out of the reference's documents.
    static let outOfRange: [(String, String)] = [
        ("a = 9223372036854775808", "9223372036854775808"),
        ("a = -9223372036854775809", "-9223372036854775809"),
        ("a = 0x8000000000000000", "0x8000000000000000"),
        ("a = 0b1_0000000000000000000000000000000000000000000000000000000000000000", "0b1_0000000000000000000000000000000000000000000000000000000000000000"),
    ]

    @Test("An integer past 64 bits is refused", arguments: outOfRange)
    func refusesOutOfRange(document: String, token: String) {
        #expect(throws: TOMLError(line: 1, reason: "“\(token)” is out of range: TOML integers go from -9223372036854775808 to 9223372036854775807")) {
            try TOMLParser.parse(document)
        }
    }

    @Test("Errors on later lines name their line: a key, an escape, a value after blank and comment lines", arguments: [
        ("a = 1\nb = 2\na = 3", 3),
        ("s = \"\"\"\nline\n\\q\"\"\"", 3),
        ("x = 1\n\n# note\n[t]\ny = 2 z", 5),
        ("x = 1\r\ny = \r\n", 2),
        ("t = [\n  1,\n  # two\n  2 3\n]", 4),
        ("[[a]]\n[[a]]\n[a]", 3),
    ])
    func lines(document: String, line: Int) {
        #expect(throws: TOMLError.self) { try TOMLParser.parse(document) }
        do {
            _ = try TOMLParser.parse(document)
        } catch {
            #expect(error.line == line, "\(error.reason)")
        }
    }

    @Test("Nesting and keys are bounded: 100 levels are read, 101 refused, never a crash")
    func bounds() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        _ = try TOMLParser.parse("a = " + deep)
        #expect(throws: TOMLError(line: 1, reason: "arrays and inline tables are nested more than 100 deep")) {
            try TOMLParser.parse("a = " + String(repeating: "[", count: 100_000))
        }
        #expect(throws: TOMLError(line: 1, reason: "arrays and inline tables are nested more than 100 deep")) {
            try TOMLParser.parse("a = " + String(repeating: "{b=", count: 101) + "1" + String(repeating: "}", count: 101))
        }
        _ = try TOMLParser.parse(Array(repeating: "a", count: 100).joined(separator: ".") + " = 1")
        #expect(throws: TOMLError(line: 1, reason: "a key has more than 100 parts")) {
            try TOMLParser.parse("[" + Array(repeating: "a", count: 100_000).joined(separator: ".") + "]")
        }
    }

    @Test("A long document is read in linear time: 50,000 sections of integers, strings and inline tables",
          .timeLimit(.minutes(1)))
    func linear() throws {
        // Each statement once counted the lines before it, and each
        // [[header]] copied the tables before it: this took minutes.
        let section = "[[t]]\na.b = 12345\ns = \"\"\"two\nlines\"\"\"\nc = [1, 2.5, { d = 1979-05-27 }]\n"
        let table = try TOMLParser.parse(String(repeating: section, count: 50_000))
        #expect(table["t"]?.array?.count == 50_000)
    }

    @Test("A message shows a key as it could be written, control characters escaped")
    func writtenKeys() {
        #expect(TOMLError.written(["a", "b c", "", "d\u{1B}\"\\"]) == #"a."b c".""."d\u001B\"\\""#)
    }
}

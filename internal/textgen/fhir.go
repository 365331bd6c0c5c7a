package textgen

import (
	"bufio"
	"math/rand"
	"strconv"
)

// FHIR is FHIR transaction bundles as a bulk export holds them (issue 25):
// one bundle per line, a Patient and 4–40 resources that refer to it and
// to an Encounter by urn:uuid (hl7.org/fhir/R4 bundle.html, "Resolving
// references in Bundles"). Every resource's uuid is new, so identifiers
// are distinct across the file and recur only inside their bundle: the
// crawl case, where few lookups of a text memo hit.
func FHIR(size int, seed int64) []byte { return Bytes("fhir", size, seed) }

var fhirKinds = []string{"Observation", "Observation", "Observation", "Condition", "MedicationRequest", "Procedure"}

// uuid4 appends a random rfc9562 §5.4 version 4 UUID.
func uuid4(b []byte, r *rand.Rand) []byte {
	const hex = "0123456789abcdef"
	h, l := r.Uint64(), r.Uint64()
	h = h&^0xf000 | 0x4000 // version 4
	l = l&^(3<<62) | 2<<62 // variant 10
	for i, v := range [2]uint64{h, l} {
		for j := 15; j >= 0; j-- {
			k := 16*i + 15 - j
			if k == 8 || k == 12 || k == 16 || k == 20 {
				b = append(b, '-')
			}
			b = append(b, hex[v>>(4*j)&15])
		}
	}
	return b
}

// fhir writes bundles until size bytes; emit, when set, gets each
// identifier in order.
func fhir(w *bufio.Writer, size int, seed int64, emit func(string)) int {
	r := rand.New(rand.NewSource(seed))
	n := 0
	var line, patient, enc, id []byte
	urn := func(u []byte) { // appends urn:uuid:u to line
		line = append(line, "urn:uuid:"...)
		line = append(line, u...)
		if emit != nil {
			emit("urn:uuid:" + string(u))
		}
	}
	for n < size {
		patient = uuid4(patient[:0], r)
		enc = uuid4(enc[:0], r)
		id = uuid4(id[:0], r)
		line = append(line[:0], `{"resourceType":"Bundle","type":"transaction","entry":[{"fullUrl":"`...)
		urn(patient)
		line = append(line, `","resource":{"resourceType":"Patient","identifier":[{"system":"`...)
		line = append(line, "urn:ietf:rfc:3986"...)
		if emit != nil {
			emit("urn:ietf:rfc:3986")
		}
		line = append(line, `","value":"`...)
		urn(id)
		line = append(line, `"}],"birthDate":"19`...)
		line = strconv.AppendInt(line, int64(40+r.Intn(60)), 10)
		line = append(line, `-0`...)
		line = strconv.AppendInt(line, int64(1+r.Intn(9)), 10)
		line = append(line, `-1`...)
		line = strconv.AppendInt(line, int64(r.Intn(9)), 10)
		line = append(line, `"},"request":{"method":"POST","url":"Patient"}},{"fullUrl":"`...)
		urn(enc)
		line = append(line, `","resource":{"resourceType":"Encounter","status":"finished","subject":{"reference":"`...)
		urn(patient)
		line = append(line, `"}},"request":{"method":"POST","url":"Encounter"}}`...)
		for i, k := 0, 4+r.Intn(37); i < k; i++ {
			kind := fhirKinds[r.Intn(len(fhirKinds))]
			id = uuid4(id[:0], r)
			line = append(line, `,{"fullUrl":"`...)
			urn(id)
			line = append(line, `","resource":{"resourceType":"`...)
			line = append(line, kind...)
			line = append(line, `","status":"final","code":{"coding":[{"system":"http://loinc.org","code":"`...)
			line = strconv.AppendInt(line, int64(1000+r.Intn(90000)), 10)
			line = append(line, '-')
			line = strconv.AppendInt(line, int64(r.Intn(10)), 10)
			line = append(line, `"}]},"subject":{"reference":"`...)
			urn(patient)
			line = append(line, `"},"encounter":{"reference":"`...)
			urn(enc)
			line = append(line, `"}},"request":{"method":"POST","url":"`...)
			line = append(line, kind...)
			line = append(line, `"}}`...)
		}
		line = append(line, "]}\n"...)
		w.Write(line)
		n += len(line)
	}
	return n
}
